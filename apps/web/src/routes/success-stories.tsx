import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../components/usePageMeta';
import { PageHeader } from '../features/public/Section';
import { Stories } from '../features/public/Stories';

export const Route = createFileRoute('/success-stories')({ component: SuccessStoriesPage });

function SuccessStoriesPage() {
  usePageMeta(
    'Success Stories',
    'How Indian brands and media owners traded products and services for advertising on BarterAds.',
  );
  return (
    <>
      <PageHeader
        eyebrow="Customer stories"
        title="Success Stories"
        intro="Five businesses that grew by trading what they make for the advertising they needed."
      />
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <Stories headingOrder={2} />
      </Container>
    </>
  );
}
