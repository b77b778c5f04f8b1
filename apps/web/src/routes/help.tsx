import { Anchor, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { usePageMeta } from '../components/usePageMeta';
import { PageHeader } from '../features/public/Section';

export const Route = createFileRoute('/help')({ component: HelpPage });

const HELP_CARDS = [
  {
    title: 'Getting Started',
    text: 'Learn how barter works on BarterAds, from choosing your role to your first deal.',
    links: [{ to: '/how-it-works', label: 'How it Works' }],
  },
  {
    title: 'Billing and Plans',
    text: 'Compare plans and commissions, and read how cancellations and refunds work.',
    links: [
      { to: '/pricing', label: 'Pricing' },
      { to: '/refund-cancellation', label: 'Refund & Cancellation Policy' },
    ],
  },
  {
    title: 'Legal',
    text: 'How we handle your data and the terms that apply to every trade.',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms & Conditions' },
    ],
  },
  {
    title: 'Contact',
    text: 'Could not find your answer? Our team replies within 24 hours on business days.',
    links: [{ to: '/contact', label: 'Contact Us' }],
  },
] as const;

function HelpPage() {
  usePageMeta(
    'Help Center',
    'Guides to getting started, billing and plans, legal policies and how to reach us.',
  );
  return (
    <>
      <PageHeader eyebrow="Support" title="Help Center" intro="Find answers quickly, or talk to our team." />
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {HELP_CARDS.map((card) => (
            <Card
              key={card.title}
              withBorder
              padding="xl"
              radius="md"
              component="section"
              aria-label={card.title}
            >
              <Stack gap="sm">
                <Title order={2} fz="xl">
                  {card.title}
                </Title>
                <Text c="dimmed">{card.text}</Text>
                <Stack gap={4}>
                  {card.links.map((link) => (
                    <Anchor key={link.to} component={Link} to={link.to} fw={600}>
                      {link.label} →
                    </Anchor>
                  ))}
                </Stack>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
