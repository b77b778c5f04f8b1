import { errorMessage, trpc } from '@barterads/api-client';
import { formatIndianNumber, LIMITS, MESSAGES } from '@barterads/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  lazy,
  memo,
  type ReactNode,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
} from 'react';
import { useCoreText } from '../../i18n/core-text';
import type { MarketplaceSearch } from '../search-params';
import { ListingCard, ListingCardSkeleton } from './ListingCard';
import type { Listing } from './types';

// Leaflet and the map load only when the map view is chosen.
const MarketplaceMap = lazy(() => import('./MarketplaceMap'));

/** The marketplace's URL state (every filter, the order and cards or map), with what the page adds. */
export interface MarketplaceListProps extends MarketplaceSearch {
  /** Extra buttons for each card (the messages domain's "Message owner"). */
  cardActions?: (listing: Listing) => ReactNode;
  /** Searches the "Did you mean" words instead. */
  onSuggestion?: (q: string) => void;
  /** The empty state's "Clear filters". */
  onClearFilters?: () => void;
  /** The empty state's "Post a need for this". */
  onPostNeed?: () => void;
}

/**
 * The search the marketplace asks for its filters: its query key in the cache. The server renders `/marketplace`
 * with the answer to `marketplaceSearchInput({ sort: 'newest' })` (prerender.tsx puts it under the same key).
 */
export function marketplaceSearchInput(
  filters: Omit<
    MarketplaceListProps,
    'display' | 'cardActions' | 'onSuggestion' | 'onClearFilters' | 'onPostNeed'
  >,
) {
  return {
    q: filters.q,
    ownerRole: filters.view,
    category: filters.category,
    verifiedOnly: filters.verifiedOnly || undefined,
    city: filters.city,
    rateMin: filters.rateMin,
    rateMax: filters.rateMax,
    availableFrom: filters.availableFrom,
    availableTo: filters.availableTo,
    sort: filters.sort,
    limit: LIMITS.listingsPageDefault,
  };
}

const SKELETONS = ['s1', 's2', 's3', 's4', 's5', 's6'];
const GRID = { base: 1, sm: 2, lg: 3 } as const;

/** The marketplace's cards: searched on the server, page by page ('Load more'), with views recorded per page. */
export function MarketplaceList({
  display,
  q,
  view,
  category,
  verifiedOnly,
  city,
  rateMin,
  rateMax,
  availableFrom,
  availableTo,
  sort,
  cardActions,
  onSuggestion,
  onClearFilters,
  onPostNeed,
}: MarketplaceListProps) {
  const { t } = useLingui();
  const core = useCoreText();
  const query = trpc.listings.search.useInfiniteQuery(
    marketplaceSearchInput({
      q,
      view,
      category,
      verifiedOnly,
      city,
      rateMin,
      rateMax,
      availableFrom,
      availableTo,
      sort,
    }),
    { getNextPageParam: (last) => last.nextCursor ?? undefined, placeholderData: (previous) => previous },
  );
  const recordViews = trpc.listings.recordViews.useMutation();
  // One mutation for every card's Contact link (a hook per card gave each of the 24 cards a mutation observer).
  const recordContactClick = trpc.listings.recordContactClick.useMutation();
  const onContact = useCallback(
    (id: string) => recordContactClick.mutate({ id }),
    [recordContactClick.mutate],
  );
  const recorded = useRef(new Set<string>());
  // The cards render from a deferred copy of the results: React renders it in a transition, in slices that
  // leave the main thread free between them (24 cards at once kept a phone's main thread busy for ~300 ms).
  const data = useDeferredValue(query.data);
  // An answer arrived but its cards are not drawn yet: the previous search's still stand (dimmed, and not `idle`).
  const drawing = data !== query.data;
  const updating = (query.isFetching && !query.isFetchingNextPage) || drawing;
  const pages = data?.pages;
  const listings = useMemo(() => pages?.flatMap((page) => page.barters) ?? [], [pages]);

  useEffect(() => {
    if (!pages) return;
    const fresh = pages
      .flatMap((page) => page.barters.map((b) => b._id))
      .filter((id) => !recorded.current.has(id))
      .slice(0, LIMITS.listingViewsBatchMax);
    if (fresh.length === 0) return;
    for (const id of fresh) recorded.current.add(id);
    recordViews.mutate({ ids: fresh });
  }, [pages, recordViews.mutate]);

  if (query.isError) {
    return (
      <Text c="red" role="alert">
        {errorMessage(query.error, core(MESSAGES.listingsLoadFailed))}
      </Text>
    );
  }
  if (!pages) {
    return (
      <SimpleGrid cols={GRID} role="status" aria-busy="true" aria-label={t`Loading listings`}>
        {SKELETONS.map((key) => (
          <ListingCardSkeleton key={key} />
        ))}
      </SimpleGrid>
    );
  }
  // The first page's total: exact, or the cap with `totalCapped` when more listings match ("1,000+").
  const first = pages[0];
  const total = first?.total ?? 0;
  const totalText = `${formatIndianNumber(total)}${first?.totalCapped ? '+' : ''}`;
  const suggestion = first?.suggestion ?? null;
  const didYouMean =
    suggestion && onSuggestion ? (
      <Text data-testid="did-you-mean">
        <Trans>
          Did you mean{' '}
          <Anchor component="button" type="button" fw={600} onClick={() => onSuggestion(suggestion)}>
            {suggestion}
          </Anchor>
          ?
        </Trans>
      </Text>
    ) : null;
  if (listings.length === 0) {
    return (
      <Stack align="center" py="xl" gap="sm" data-testid="no-results">
        {didYouMean}
        <Text c="dimmed">{core(MESSAGES.noResults)}</Text>
        <Group justify="center">
          {onClearFilters ? (
            <Button variant="default" onClick={onClearFilters}>
              <Trans>Clear filters</Trans>
            </Button>
          ) : null}
          {onPostNeed ? (
            <Button onClick={onPostNeed}>
              <Trans>Post a need for this</Trans>
            </Button>
          ) : null}
        </Group>
      </Stack>
    );
  }
  return (
    <Stack>
      {didYouMean}
      {/* The cards' titles are h3: screen-reader users get the level between them and the page's h1. */}
      <VisuallyHidden component="h2">
        <Trans>Listings</Trans>
      </VisuallyHidden>
      <Text fz="sm" c="dimmed" aria-live="polite">
        {total === 1 && !first?.totalCapped
          ? t`Showing ${formatIndianNumber(listings.length)} of ${totalText} listing`
          : t`Showing ${formatIndianNumber(listings.length)} of ${totalText} listings`}
      </Text>
      {display === 'map' ? (
        <Suspense fallback={<Box h={{ base: 360, sm: 520 }} />}>
          <MarketplaceMap listings={listings} />
        </Suspense>
      ) : (
        <SimpleGrid
          cols={GRID}
          data-testid="listing-grid"
          data-state={updating ? 'loading' : 'idle'}
          style={{ opacity: query.isPlaceholderData || drawing ? 0.6 : 1 }}
        >
          <ListingCards listings={listings} cardActions={cardActions} onContact={onContact} />
        </SimpleGrid>
      )}
      {query.isFetchNextPageError ? <Alert color="red">{core(MESSAGES.listingsLoadFailed)}</Alert> : null}
      {query.hasNextPage ? (
        <Center>
          {/* Not while the previous search's cards stand in (placeholder): its next page is not this search's. */}
          <Button
            variant="default"
            onClick={() => query.fetchNextPage()}
            loading={query.isFetchingNextPage}
            disabled={query.isPlaceholderData}
          >
            <Trans>Load more</Trans>
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}

interface ListingCardsProps {
  listings: Listing[];
  cardActions: MarketplaceListProps['cardActions'];
  onContact: (listingId: string) => void;
}

/**
 * The cards, memoised: the list re-renders when its fetch state changes (a refetch, the views being recorded),
 * and 24 cards must not render again for that, only when the results (or the actions) change.
 */
const ListingCards = memo(function ListingCards({ listings, cardActions, onContact }: ListingCardsProps) {
  return listings.map((listing) => (
    <ListingCard key={listing._id} listing={listing} actions={cardActions?.(listing)} onContact={onContact} />
  ));
});
