import { Avatar, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { LazyImage } from '../components/LazyImage';
import { usePageMeta } from '../components/usePageMeta';
import { ABOUT_FIGURES, TEAM, VALUES } from '../features/public/content';
import { PageHeader, Section } from '../features/public/Section';

export const Route = createFileRoute('/about')({ component: AboutPage });

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2);
}

function AboutPage() {
  usePageMeta(
    'About BarterAds',
    'Our mission, impact, values, team and story: the Mumbai team behind India’s barter marketplace for advertising.',
  );
  return (
    <>
      <PageHeader
        eyebrow="About us"
        title="About BarterAds"
        intro="Our mission is to let every Indian business pay for advertising with what it already makes, so cash never stands between a good brand and its audience."
      />
      <Section id="impact" title="Our impact">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="lg">
          {ABOUT_FIGURES.map((figure) => (
            <Card key={figure.label} withBorder padding="lg" radius="md" ta="center">
              <Text fw={800} fz={30}>
                {figure.value}
              </Text>
              <Text fz="sm" c="dimmed">
                {figure.label}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section id="values" title="Our values" tinted>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {VALUES.map((value) => (
            <Card key={value.title} withBorder padding="lg" radius="md">
              <Title order={3} fz="lg" mb="xs">
                {value.title}
              </Title>
              <Text fz="sm" c="dimmed">
                {value.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section id="team" title="Our team">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {TEAM.map((member) => (
            <Card key={member.name} withBorder padding="lg" radius="md" ta="center">
              <Stack align="center" gap="xs">
                <Avatar size={64} radius="xl" color="brand" variant="filled" aria-hidden="true">
                  {initials(member.name)}
                </Avatar>
                <Title order={3} fz="lg">
                  {member.name}
                </Title>
                <Text fz="sm" fw={600}>
                  {member.role}
                </Text>
                <Text fz="sm" c="dimmed">
                  {member.bio}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section id="story" title="Our story" tinted>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={40} style={{ alignItems: 'center' }}>
          <Stack gap="md">
            <Text>
              After more than 25 years of buying and selling media in Mumbai, our founder kept seeing the same
              two problems: good brands without the cash to advertise, and media owners with hoardings,
              airtime and pages going unsold.
            </Text>
            <Text>
              Barter had always quietly closed that gap, but only for people with the right contacts.
              BarterAds puts it in the open: a marketplace where any verified business can list what it
              offers, find the media it needs and agree a fair exchange.
            </Text>
            <Text>
              Today hundreds of businesses in more than 50 cities trade with us, from single-screen cinemas to
              national consumer brands.
            </Text>
          </Stack>
          <LazyImage
            src="/images/about-story.svg"
            alt="A growing city skyline with a billboard on the tallest building"
            width={640}
            height={420}
            sizes="(max-width: 62em) 100vw, 50vw"
          />
        </SimpleGrid>
      </Section>
    </>
  );
}
