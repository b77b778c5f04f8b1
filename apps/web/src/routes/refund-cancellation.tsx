import { LEGAL } from '@barterads/core';
import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/LegalPage';
import { REFUND_SECTIONS } from '../features/legal/sections';

export const Route = createFileRoute('/refund-cancellation')({ component: RefundCancellationPage });

function RefundCancellationPage() {
  return (
    <LegalPage
      title="Refund and Cancellation Policy"
      description={`Cancel within 24 hours for a full refund; refund requests within 7 days; refunds paid in ${LEGAL.refundProcessingDays} working days.`}
      sections={REFUND_SECTIONS}
    />
  );
}
