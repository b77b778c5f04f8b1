import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import {
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_FREQUENCY_LABELS,
  SAVED_SEARCHES,
  type SavedSearchFrequency,
} from '@barterads/core/saved-searches';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { useCoreText } from '../../i18n/core-text';
import { describeQuery } from './describe';

type SavedSearch = RouterOutputs['savedSearches']['list']['savedSearches'][number];

/** `/dashboard/saved-searches`: the member's saved searches, each with its alert frequency, open and delete. */
export function SavedSearchesPage() {
  const { t } = useLingui();
  const max = SAVED_SEARCHES.maxPerUser;
  const query = trpc.savedSearches.list.useQuery();
  const searches = query.data?.savedSearches ?? [];
  const count = searches.length;
  return (
    <Stack maw={720}>
      <Title order={1} fz="h2">
        <Trans>Saved searches</Trans>
      </Title>
      <Text c="dimmed" fz="sm">
        <Trans>
          Save a search from the{' '}
          <Anchor component={Link} to="/marketplace">
            marketplace
          </Anchor>{' '}
          and we e-mail you the listings posted since the last alert. You can keep {max}.
        </Trans>
      </Text>
      {query.isPending ? (
        <Stack role="status" aria-label={t`Loading saved searches`}>
          <Skeleton height={88} />
          <Skeleton height={88} />
        </Stack>
      ) : query.isError ? (
        <LoadError
          title={t`Could not load your saved searches`}
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : searches.length === 0 ? (
        <Card withBorder>
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>
              <Trans>No saved searches yet</Trans>
            </Text>
            <Text fz="sm" c="dimmed">
              <Trans>
                Search the marketplace, then press “Save this search” to hear about new listings that match.
              </Trans>
            </Text>
            <Button component={Link} to="/marketplace" size="compact-sm">
              <Trans>Go to the marketplace</Trans>
            </Button>
          </Stack>
        </Card>
      ) : (
        <>
          <Text fz="sm">{t`${count} of ${max} saved.`}</Text>
          <Stack gap="sm" role="list" aria-label={t`Your saved searches`}>
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
  const { t, i18n } = useLingui();
  const core = useCoreText();
  const frequencyOptions = SAVED_SEARCH_FREQUENCIES.map((f) => ({
    value: f,
    label: core(SAVED_SEARCH_FREQUENCY_LABELS[f]),
  }));
  const name = search.name;
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
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} translate="no">
              {search.name}
            </Text>
            <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {describeQuery(search.query, i18n, core)}
            </Text>
          </Stack>
          <NativeSelect
            label={t`E-mail alerts`}
            aria-label={t`E-mail alerts for ${name}`}
            data={frequencyOptions}
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
            <Trans>Open</Trans>
          </Button>
          <Button
            color="red"
            variant="light"
            size="compact-sm"
            loading={remove.isPending}
            aria-label={t`Delete saved search ${name}`}
            onClick={() => {
              if (window.confirm(t`Delete the saved search "${name}"?`)) remove.mutate({ id: search.id });
            }}
          >
            <Trans>Delete</Trans>
          </Button>
        </Group>
        {error ? (
          <Text c="red" fz="sm" role="alert">
            {errorMessage(error, t`Could not change the saved search.`)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
