import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { usePageMeta } from '../components/usePageMeta';
import { useSessionUser } from '../features/accounts/session';
import { PageHeader } from '../features/public/Section';
import { Steps } from '../features/public/Steps';

export const Route = createFileRoute('/how-it-works')({ component: HowItWorksPage });

function HowItWorksPage() {
  const { user } = useSessionUser();
  usePageMeta(
    'How it Works',
    'Six steps from choosing your role to a live barter campaign: list, match, negotiate, agree and grow.',
  );
  return (
    <>
      <PageHeader
        eyebrow="How it works"
        title="How BarterAds Works"
        intro="Trade what you have for the advertising you need, in six simple steps."
      />
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <Steps headingOrder={2} />
        <Stack align="center" ta="center" mt={56} gap="sm">
          <Title order={2} fz={26}>
            Ready to make your first trade?
          </Title>
          <Text c="dimmed">Create a free account and post your first listing in minutes.</Text>
          <Group justify="center">
            {/* A member is not sent to /signup (issue 17): their next step is their dashboard. */}
            {user ? (
              <Button component={Link} to="/dashboard">
                Go to your dashboard
              </Button>
            ) : (
              <Button component={Link} to="/signup">
                Create account
              </Button>
            )}
            <Button component={Link} to="/marketplace" variant="default">
              Browse the marketplace
            </Button>
          </Group>
        </Stack>
      </Container>
    </>
  );
}
