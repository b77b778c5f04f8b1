import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../components/usePageMeta';
import { PricingPage } from '../features/payments';

export const Route = createFileRoute('/pricing')({ component: Pricing });

function Pricing() {
  const { t } = useLingui();
  usePageMeta(
    t`Pricing`,
    t`BarterAds plans for advertisers and media owners: monthly or yearly, save 20% yearly.`,
  );
  return <PricingPage />;
}
