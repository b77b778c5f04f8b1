import { trpc } from '@barterads/api-client';
import { formatIndianNumber, LIMITS, MEDIA_CATEGORIES } from '@barterads/core';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { SegmentedChoice, type SegmentedChoiceOption } from '../../components/SegmentedChoice';
import { Section } from './Section';

type Filter = 'all' | 'popular';

function listingCount(i18n: I18n, count: number): string {
  if (count === 0) return i18n._(msg`No listings yet`);
  const shown = formatIndianNumber(count);
  return count === 1
    ? i18n._(msg`${shown} listing in the marketplace`)
    : i18n._(msg`${shown} listings in the marketplace`);
}

/**
 * 'Every Advertising Format': the nine media categories with the All / Most Popular toggle. The list
 * starts at 3 cards, expands to 9, and the count resets to 9 when the filter changes (spec section 4).
 * 'Explore Options' opens the marketplace filtered to that category.
 */
export function MediaTypes() {
  const { t, i18n } = useLingui();
  const filters = [
    { value: 'all', label: t`All Media Types` },
    { value: 'popular', label: t`Most Popular` },
  ] as const satisfies readonly SegmentedChoiceOption<Filter>[];
  const [filter, setFilter] = useState<Filter>('all');
  const [visible, setVisible] = useState<number>(LIMITS.landingCategoriesInitial);
  const shown = MEDIA_CATEGORIES.filter((c) => filter === 'all' || c.popular);
  const cards = shown.slice(0, visible);
  // Each category's real number of active listings, from the server (nothing until it answers).
  const countsQuery = trpc.listings.categoryCounts.useQuery(undefined, { staleTime: 60_000 });
  const counts = countsQuery.data
    ? new Map(countsQuery.data.counts.map((row) => [row.category, row.count]))
    : undefined;

  return (
    <Section
      id="media-types"
      title={t`Every Advertising Format`}
      intro={t`From hoardings to podcasts, trade the formats that reach your customers.`}
      tinted
    >
      <Group justify="center" mb="xl">
        <SegmentedChoice
          label={t`Media types to show`}
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setVisible(LIMITS.landingCategoriesExpanded);
          }}
          options={filters}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-testid="media-type-cards">
        {cards.map((category) => (
          <Card key={category.id} withBorder padding="lg" radius="md" component="article">
            <Stack gap="sm" h="100%">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Title order={3} fz="lg">
                  {category.title}
                </Title>
                {category.popular ? (
                  <Badge color="brand" variant="light" style={{ flexShrink: 0 }}>
                    <Trans>Popular</Trans>
                  </Badge>
                ) : null}
              </Group>
              <Text fz="sm" c="dimmed">
                {category.description}
              </Text>
              <Text fz="sm">
                <Text span fw={700}>
                  <Trans>Reach:</Trans>
                </Text>{' '}
                {category.reach}
              </Text>
              <List fz="sm" spacing={2} aria-label={t`${category.title} platforms`}>
                {category.platforms.map((platform) => (
                  <List.Item key={platform}>{platform}</List.Item>
                ))}
              </List>
              <Text
                fz="sm"
                fw={600}
                c="var(--mantine-color-anchor)"
                mih="1.55em"
                data-testid="category-count"
              >
                {counts ? listingCount(i18n, counts.get(category.id) ?? 0) : null}
              </Text>
              <Button
                variant="light"
                mt="auto"
                aria-label={t`Explore Options: ${category.title}`}
                renderRoot={(props) => (
                  <Link to="/marketplace" search={{ category: category.id }} {...props} />
                )}
              >
                <Trans>Explore Options</Trans>
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {shown.length > cards.length ? (
        <Group justify="center" mt="xl">
          <Button variant="default" onClick={() => setVisible(LIMITS.landingCategoriesExpanded)}>
            <Trans>View All Categories</Trans>
          </Button>
        </Group>
      ) : null}
    </Section>
  );
}
