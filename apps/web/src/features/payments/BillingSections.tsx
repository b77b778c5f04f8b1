import { SimpleGrid } from '@mantine/core';
import { PaymentHistory } from './PaymentHistory';
import { Refunds } from './Refunds';
import { SubscriptionCard } from './SubscriptionCard';

/** The plan and the payments of the signed-in user, as the settings pages show them. */
export function BillingSections() {
  return (
    <SimpleGrid cols={1} spacing="lg">
      <SubscriptionCard allowCancel />
      <PaymentHistory />
      <Refunds />
    </SimpleGrid>
  );
}
