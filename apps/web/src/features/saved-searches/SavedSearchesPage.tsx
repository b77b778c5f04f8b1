import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import {
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_FREQUENCY_LABELS,
  SAVED_SEARCHES,
  type SavedSearchFrequency,
} from '@barterads/core/saved-searches';
import {
  Anchor,
  Button,
  Card,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { LoadError } from '../../components/LoadError';
import { describeQuery } from './describe';

type SavedSearch = RouterOutputs['savedSearches']['list']['savedSearches'][number];

const FREQUENCY_OPTIONS = SAVED_SEARCH_FREQUENCIES.map((f) => ({
  value: f,
  label: SAVED_SEARCH_FREQUENCY_LABELS[f],
}));

/** `/dashboard/saved-searches`: the member's saved searches, each with its alert frequency, open and delete. */
export function SavedSearchesPage() {
  const query = trpc.savedSearches.list.useQuery();
  const searches = query.data?.savedSearches ?? [];
  return (
    <Stack maw={720}>
      <Title order={1} fz="h2">
        Saved searches
      </Title>
      <Text c="dimmed" fz="sm">
        Save a search from the{' '}
        <Anchor component={Link} to="/marketplace">
          marketplace
        </Anchor>{' '}
        and we e-mail you the listings posted since the last alert. You can keep {SAVED_SEARCHES.maxPerUser}.
      </Text>
      {query.isPending ? (
        <Stack role="status" aria-label="Loading saved searches">
          <Skeleton height={88} />
          <Skeleton height={88} />
        </Stack>
      ) : query.isError ? (
        <LoadError
          title="Could not load your saved searches"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : searches.length === 0 ? (
        <Card withBorder>
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>No saved searches yet</Text>
            <Text fz="sm" c="dimmed">
              Search the marketplace, then press “Save this search” to hear about new listings that match.
            </Text>
            <Button component={Link} to="/marketplace" size="compact-sm">
              Go to the marketplace
            </Button>
          </Stack>
        </Card>
      ) : (
        <>
          <Text fz="sm">
            {searches.length} of {SAVED_SEARCHES.maxPerUser} saved.
          </Text>
          <Stack gap="sm" role="list" aria-label="Your saved searches">
            {searches.map((search) => (
              <SavedSearchItem key={search.id} search={search} />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function SavedSearchItem({ search }: { search: SavedSearch }) {
  const utils = trpc.useUtils();
  const update = trpc.savedSearches.update.useMutation({
    onSuccess: async () => utils.savedSearches.list.invalidate(),
  });
  const remove = trpc.savedSearches.delete.useMutation({
    onSuccess: async () => utils.savedSearches.list.invalidate(),
  });
  const { q, category, ownerRole, city, verifiedOnly, rateMin, rateMax, availableFrom, availableTo } =
    search.query;
  const error = update.error ?? remove.error;
  return (
    <Paper withBorder p="sm" role="listitem" aria-label={search.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {search.name}
            </Text>
            <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {describeQuery(search.query)}
            </Text>
          </Stack>
          <NativeSelect
            label="E-mail alerts"
            aria-label={`E-mail alerts for ${search.name}`}
            data={FREQUENCY_OPTIONS}
            value={search.frequency}
            disabled={update.isPending}
            w={{ base: '100%', xs: 200 }}
            onChange={(event) =>
              update.mutate({ id: search.id, frequency: event.currentTarget.value as SavedSearchFrequency })
            }
          />
        </Group>
        <Group gap="xs">
          <Button
            variant="light"
            size="compact-sm"
            renderRoot={(props) => (
              <Link
                {...props}
                to="/marketplace"
                search={{
                  q,
                  category,
                  view: ownerRole,
                  city,
                  verifiedOnly: verifiedOnly || undefined,
                  rateMin,
                  rateMax,
                  availableFrom,
                  availableTo,
                }}
              />
            )}
          >
            Open
          </Button>
          <Button
            color="red"
            variant="light"
            size="compact-sm"
            loading={remove.isPending}
            aria-label={`Delete saved search ${search.name}`}
            onClick={() => {
              if (window.confirm(`Delete the saved search "${search.name}"?`))
                remove.mutate({ id: search.id });
            }}
          >
            Delete
          </Button>
        </Group>
        {error ? (
          <Text c="red" fz="sm" role="alert">
            {errorMessage(error, 'Could not change the saved search.')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
