import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/LegalPage';
import { TERMS_SECTIONS } from '../features/legal/sections';

export const Route = createFileRoute('/terms')({ component: TermsPage });

function TermsPage() {
  return (
    <LegalPage
      title="Terms and Conditions"
      description="The terms for using the BarterAds marketplace, governed by the laws of India and the courts of Mumbai."
      sections={TERMS_SECTIONS}
    />
  );
}
