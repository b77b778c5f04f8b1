import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/LegalPage';
import { PRIVACY_SECTIONS } from '../features/legal/sections';

export const Route = createFileRoute('/privacy-policy')({ component: PrivacyPolicyPage });

function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description="What BarterAds collects, how we use and share it, how long we keep it and your rights."
      sections={PRIVACY_SECTIONS}
    />
  );
}
