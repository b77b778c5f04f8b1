import { useLingui } from '@lingui/react/macro';
import { Container, Loader } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { usePageMeta } from '../components/usePageMeta';
import { AccountSettings } from '../features/accounts/AccountSettings';
import { requireUser, useSignedOutRedirect } from '../features/accounts/session';
import { VerifyBusinessSection } from '../features/businesses/VerifyBusinessSection';
import { EmailPreferencesCard } from '../features/notifications/EmailPreferencesCard';
import { BillingSections } from '../features/payments';
import { BarterStatementSection } from '../features/tax/BarterStatementSection';

// WhatsApp, tax paperwork and partners' integrations (API keys, webhooks) load after the page's first
// paint: most members open /settings for their profile, and the page stays within its 300 KB first download.
const TaxInvoicesSection = lazy(() =>
  import('../features/tax/TaxInvoicesSection').then((m) => ({ default: m.TaxInvoicesSection })),
);
const ApiKeysSection = lazy(() =>
  import('../features/api-keys/ApiKeysSection').then((m) => ({ default: m.ApiKeysSection })),
);
const WebhooksSection = lazy(() =>
  import('../features/webhooks/WebhooksSection').then((m) => ({ default: m.WebhooksSection })),
);
const WhatsappSection = lazy(() =>
  import('../features/whatsapp/WhatsappSection').then((m) => ({ default: m.WhatsappSection })),
);

export const Route = createFileRoute('/settings')({
  beforeLoad: async ({ context, location }) => ({ user: await requireUser(context.utils, location) }),
  component: AccountSettingsPage,
});

function AccountSettingsPage() {
  useSignedOutRedirect();
  const { t } = useLingui();
  usePageMeta(t`Account Settings`);
  return (
    <Container size="lg" py="xl">
      <AccountSettings
        extraSections={
          <>
            <Suspense
              fallback={<Loader role="status" size="sm" aria-label={t`Loading the WhatsApp settings`} />}
            >
              <WhatsappSection />
            </Suspense>
            <VerifyBusinessSection />
            <BillingSections />
            <Suspense
              fallback={<Loader role="status" size="sm" aria-label={t`Loading the tax invoice settings`} />}
            >
              <TaxInvoicesSection />
            </Suspense>
            <BarterStatementSection />
            <Suspense
              fallback={<Loader role="status" size="sm" aria-label={t`Loading API keys and webhooks`} />}
            >
              <ApiKeysSection />
              <WebhooksSection />
            </Suspense>
            {/* product-spec-2: each kind's e-mail is switched in /settings (also on the Preferences page). */}
            <EmailPreferencesCard />
          </>
        }
      />
    </Container>
  );
}
