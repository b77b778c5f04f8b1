import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../components/usePageMeta';
import { AccountSettings } from '../features/accounts/AccountSettings';
import { requireUser, useSignedOutRedirect } from '../features/accounts/session';
import { ApiKeysSection } from '../features/api-keys/ApiKeysSection';
import { VerifyBusinessSection } from '../features/businesses/VerifyBusinessSection';
import { EmailPreferencesCard } from '../features/notifications/EmailPreferencesCard';
import { BillingSections } from '../features/payments';
import { BarterStatementSection } from '../features/tax/BarterStatementSection';
import { TaxInvoicesSection } from '../features/tax/TaxInvoicesSection';
import { WebhooksSection } from '../features/webhooks/WebhooksSection';
import { WhatsappSection } from '../features/whatsapp/WhatsappSection';

export const Route = createFileRoute('/settings')({
  beforeLoad: async ({ context, location }) => ({ user: await requireUser(context.utils, location) }),
  component: AccountSettingsPage,
});

function AccountSettingsPage() {
  useSignedOutRedirect();
  usePageMeta('Account Settings');
  return (
    <Container size="lg" py="xl">
      <AccountSettings
        extraSections={
          <>
            <WhatsappSection />
            <VerifyBusinessSection />
            <BillingSections />
            <TaxInvoicesSection />
            <BarterStatementSection />
            <ApiKeysSection />
            <WebhooksSection />
            {/* product-spec-2: each kind's e-mail is switched in /settings (also on the Preferences page). */}
            <EmailPreferencesCard />
          </>
        }
      />
    </Container>
  );
}
