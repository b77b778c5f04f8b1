import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t, i18n } = useLingui();
  usePageMeta(
    t`About BarterAds`,
    t`Our mission, impact, values, team and story: the Mumbai team behind India’s barter marketplace for advertising.`,
  );
  return (
    <>
      <PageHeader
        eyebrow={t`About us`}
        title={t`About BarterAds`}
        intro={t`Our mission is to let every Indian business pay for advertising with what it already makes, so cash never stands between a good brand and its audience.`}
      />
      <Section id="impact" title={t`Our impact`}>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="lg">
          {ABOUT_FIGURES.map((figure) => (
            <Card key={figure.label.id} withBorder padding="lg" radius="md" ta="center">
              <Text fw={800} fz={30}>
                {typeof figure.value === 'string' ? figure.value : i18n._(figure.value)}
              </Text>
              <Text fz="sm" c="dimmed">
                {i18n._(figure.label)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section id="values" title={t`Our values`} tinted>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {VALUES.map((value) => (
            <Card key={value.title.id} withBorder padding="lg" radius="md">
              <Title order={3} fz="lg" mb="xs">
                {i18n._(value.title)}
              </Title>
              <Text fz="sm" c="dimmed">
                {i18n._(value.text)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section id="team" title={t`Our team`}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {TEAM.map((member) => (
            <Card key={member.name.id} withBorder padding="lg" radius="md" ta="center">
              <Stack align="center" gap="xs">
                <Avatar size={64} radius="xl" color="brand" variant="filled" aria-hidden="true">
                  {initials(i18n._(member.name))}
                </Avatar>
                <Title order={3} fz="lg">
                  {i18n._(member.name)}
                </Title>
                <Text fz="sm" fw={600}>
                  {i18n._(member.role)}
                </Text>
                <Text fz="sm" c="dimmed">
                  {i18n._(member.bio)}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section id="story" title={t`Our story`} tinted>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={40} style={{ alignItems: 'center' }}>
          <Stack gap="md">
            <Text>
              <Trans>
                After more than 25 years of buying and selling media in Mumbai, our founder kept seeing the
                same two problems: good brands without the cash to advertise, and media owners with hoardings,
                airtime and pages going unsold.
              </Trans>
            </Text>
            <Text>
              <Trans>
                Barter had always quietly closed that gap, but only for people with the right contacts.
                BarterAds puts it in the open: a marketplace where any verified business can list what it
                offers, find the media it needs and agree a fair exchange.
              </Trans>
            </Text>
            <Text>
              <Trans>
                Today hundreds of businesses in more than 50 cities trade with us, from single-screen cinemas
                to national consumer brands.
              </Trans>
            </Text>
          </Stack>
          <LazyImage
            src="/images/about-story.svg"
            alt={t`A growing city skyline with a billboard on the tallest building`}
            width={640}
            height={420}
            sizes="(max-width: 62em) 100vw, 50vw"
          />
        </SimpleGrid>
      </Section>
    </>
  );
}
