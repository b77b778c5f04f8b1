import { errorMessage, trpc } from '@barterads/api-client';
import { categoryTitle, MEDIA_CATEGORIES } from '@barterads/core';
import {
  Alert,
  Card,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';

const TradeDeskChart = lazy(() => import('./TradeDeskChart'));
const inr = (n: number) => `₹${n.toLocaleString('en-IN')}`;

/**
 * The trade desk (product-spec-3 section 4): needs with no match by city and category, offers stalled over 3 days,
 * idle inventory (no deal in 60 days), circles that miss one leg, and each broker's drafts, acceptances and value
 * closed per month. Drafting is the broker's REST/tRPC call (`POST /api/admin/trade-desk/drafts`); this page reads.
 */
export function TradeDeskPage() {
  const [city, setCity] = useState('');
  const [category, setCategory] = useState('');
  const desk = trpc.tradeDesk.desk.useQuery(
    {
      city: city.trim().length >= 2 ? city.trim() : undefined,
      category: (category || undefined) as (typeof MEDIA_CATEGORIES)[number]['id'] | undefined,
    },
    // While a new city or category is asked for, the last answer stays (dimmed) rather than a skeleton of another
    // height moving the page under the fingers typing.
    { placeholderData: keepPreviousData },
  );
  const figures = trpc.tradeDesk.figures.useQuery();
  const rows = figures.data?.figures ?? [];
  return (
    <Stack>
      <Title order={1} fz="h2">
        Trade desk
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="City"
          value={city}
          onChange={(e) => setCity(e.currentTarget.value)}
          placeholder="Any"
        />
        <NativeSelect
          label="Category"
          value={category}
          onChange={(e) => setCategory(e.currentTarget.value)}
          data={[
            { value: '', label: 'Any' },
            ...MEDIA_CATEGORIES.map((c) => ({ value: c.id, label: c.title })),
          ]}
        />
      </SimpleGrid>
      {desk.isPending ? (
        <Skeleton h={300} aria-label="Loading the trade desk" />
      ) : desk.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(desk.error)}
        </Alert>
      ) : (
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          aria-busy={desk.isPlaceholderData}
          style={{ opacity: desk.isPlaceholderData ? 0.6 : 1 }}
        >
          <Card withBorder component="section" aria-label="Needs with no match">
            <Title order={2} fz="h4">
              Needs with no match
            </Title>
            {desk.data.unmatchedNeeds.length === 0 ? <Text c="dimmed">None.</Text> : null}
            {desk.data.unmatchedNeeds.slice(0, 20).map((n) => (
              <Text key={`${n.city}-${n.category}`} size="sm">
                {n.city ?? 'No city'} · {n.category ? categoryTitle(n.category) : 'No category'}: {n.needs}
              </Text>
            ))}
          </Card>
          <Card withBorder component="section" aria-label="Offers stalled over 3 days">
            <Title order={2} fz="h4">
              Offers stalled over 3 days
            </Title>
            {desk.data.stalledOffers.length === 0 ? <Text c="dimmed">None.</Text> : null}
            {desk.data.stalledOffers.slice(0, 20).map((d) => (
              <Text key={d.dealId} size="sm">
                {d.proposer} → {d.counterparty}, since{' '}
                {new Date(d.lastActivityAt).toLocaleDateString('en-IN')}
              </Text>
            ))}
          </Card>
          <Card withBorder component="section" aria-label="Idle inventory">
            <Title order={2} fz="h4">
              Idle inventory (no deal in 60 days)
            </Title>
            {desk.data.idleInventory.length === 0 ? <Text c="dimmed">None.</Text> : null}
            {desk.data.idleInventory.slice(0, 20).map((m) => (
              <Text key={m.userId} size="sm">
                {m.company}: {m.activeListings} active listing{m.activeListings === 1 ? '' : 's'}
              </Text>
            ))}
          </Card>
          <Card withBorder component="section" aria-label="Circles missing one member">
            <Title order={2} fz="h4">
              Circles missing one leg
            </Title>
            {desk.data.nearCircles.length === 0 ? <Text c="dimmed">None.</Text> : null}
            {desk.data.nearCircles.slice(0, 10).map((n) => (
              <Text key={n.legs.map((l) => l.listingId).join('-')} size="sm">
                {n.legs.map((l) => `${l.giver} → ${l.receiver} (${inr(l.valueInr)})`).join(', ')}; missing:{' '}
                {n.missing.giver} → {n.missing.receiver} (about {inr(n.missing.valueInr)})
              </Text>
            ))}
          </Card>
        </SimpleGrid>
      )}
      <Card withBorder component="section" aria-label="Brokers per month">
        <Title order={2} fz="h4">
          Brokers per month
        </Title>
        {figures.isPending ? <Skeleton h={120} /> : null}
        {rows.length === 0 && !figures.isPending ? <Text c="dimmed">No drafts yet.</Text> : null}
        {rows.length > 0 ? (
          <>
            <Suspense fallback={<Skeleton h={220} />}>
              <TradeDeskChart
                data={rows.map((r) => ({
                  label: `${r.broker} ${r.month}`,
                  drafts: r.drafts,
                  accepted: r.accepted,
                }))}
                summary={`Drafts and accepted circles per broker and month, ${rows.length} rows`}
              />
            </Suspense>
            <Table.ScrollContainer minWidth={420}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Broker</Table.Th>
                    <Table.Th>Month</Table.Th>
                    <Table.Th>Drafts</Table.Th>
                    <Table.Th>Accepted</Table.Th>
                    <Table.Th>Value closed</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={`${r.brokerId}-${r.month}`}>
                      <Table.Td>{r.broker}</Table.Td>
                      <Table.Td>{r.month}</Table.Td>
                      <Table.Td>{r.drafts}</Table.Td>
                      <Table.Td>{r.accepted}</Table.Td>
                      <Table.Td>{inr(r.valueClosedInr)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        ) : null}
      </Card>
    </Stack>
  );
}
