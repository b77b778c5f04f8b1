import {
  DELAYS_MS,
  MESSAGES,
  type MediaCategoryId,
  type SearchSort,
  type UserType,
  VERIFICATION_MESSAGES,
} from '@barterads/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  Box,
  Button,
  Checkbox,
  Container,
  Flex,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createFileRoute, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { SegmentedChoice, type SegmentedChoiceOption } from '../components/SegmentedChoice';
import { usePageMeta } from '../components/usePageMeta';
import { useSessionUser } from '../features/accounts/session';
import { ProposeDealButton } from '../features/deals/ProposeDealButton';
import { CATEGORY_OPTIONS } from '../features/listings/category-options';
import controls from '../features/listings/MarketplaceControls.module.css';
import type { MoreFilters } from '../features/listings/MarketplaceFilters';
import { MarketplaceList } from '../features/listings/MarketplaceList';
import { postLabels } from '../features/listings/post-labels';
import type { Listing } from '../features/listings/types';
import { MessageOwnerButton } from '../features/messages/MessageOwnerButton';
import { SaveSearchButton } from '../features/saved-searches/SaveSearchButton';
import { readMarketplaceSearch } from '../features/search-params';
import { useCoreText } from '../i18n/core-text';

// The post and sign-in modals load on first use: most visitors browse, and the form is not part of the first paint.
const PostListingModal = lazy(() =>
  import('../features/listings/PostListingModal').then((m) => ({ default: m.PostListingModal })),
);
const SignInRequiredModal = lazy(() => import('../components/SignInRequiredModal'));
// City, rate and dates load when opened: the city list is not part of the page's first load.
const MarketplaceFilters = lazy(() => import('../features/listings/MarketplaceFilters'));

export const Route = createFileRoute('/marketplace')({
  validateSearch: readMarketplaceSearch,
  component: MarketplacePage,
});

const SORT_OPTIONS = [
  { value: 'relevance', label: msg`Best match` },
  { value: 'newest', label: msg`Newest` },
  { value: 'rate_asc', label: msg`Rate: low to high` },
  { value: 'rate_desc', label: msg`Rate: high to low` },
] as const satisfies readonly { value: SearchSort; label: unknown }[];

const MORE_FILTER_KEYS = ['city', 'rateMin', 'rateMax', 'availableFrom', 'availableTo'] as const;

const DISPLAYS = [
  { value: 'list', label: msg`List` },
  { value: 'map', label: msg`Map` },
] as const;

const VIEWS = [
  { value: 'all', label: msg`All` },
  { value: 'media_owner', label: msg`Media Owners` },
  { value: 'advertiser', label: msg`Advertisers` },
] as const;

function MarketplacePage() {
  const { t, i18n } = useLingui();
  const core = useCoreText();
  usePageMeta(
    t`Marketplace`,
    t`Browse advertising space, media assets and needs offered by barter across India.`,
  );
  const displays: SegmentedChoiceOption<'list' | 'map'>[] = DISPLAYS.map((o) => ({
    value: o.value,
    label: i18n._(o.label),
  }));
  const views: SegmentedChoiceOption<UserType | 'all'>[] = VIEWS.map((o) => ({
    value: o.value,
    label: i18n._(o.label),
  }));
  const categoryOptions = [
    { value: '', label: t`All categories` },
    ...CATEGORY_OPTIONS.map((o) => ({ value: o.value, label: core(o.label) })),
  ];
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/marketplace' });
  const { user } = useSessionUser();
  const [text, setText] = useState(search.q ?? '');
  const [debounced] = useDebouncedValue(text, DELAYS_MS.marketplaceSearchDebounce);
  const [posting, setPosting] = useState(false);
  // The box shows the visitor's click at once; the URL (the source of truth) follows when the navigation commits,
  // which on a busy phone is after the new results render.
  const verifiedOnly = search.verifiedOnly === true;
  const [verifiedOnlyClick, setVerifiedOnlyClick] = useState<{ from: boolean; to: boolean } | null>(null);
  // Once the URL has it, the click is forgotten (so Back shows the URL's state again).
  if (verifiedOnlyClick && verifiedOnlyClick.to === verifiedOnly) setVerifiedOnlyClick(null);
  const verifiedOnlyShown = verifiedOnlyClick?.from === verifiedOnly ? verifiedOnlyClick.to : verifiedOnly;
  // Once loaded, the modal stays mounted so that it can animate closed.
  const [postingUsed, setPostingUsed] = useState(false);

  // The URL keeps the query: typing updates it 300 ms after the last key stroke.
  useEffect(() => {
    const q = debounced.trim() || undefined;
    if (q !== search.q) void navigate({ search: (prev) => ({ ...prev, q }), replace: true });
  }, [debounced, search.q, navigate]);
  // Back/forward or a link changing the URL updates the box.
  // only an outside change of the URL resets the box
  useEffect(() => {
    if ((search.q ?? '') !== debounced.trim()) setText(search.q ?? '');
  }, [search.q]);

  // "Message" on every card, with the page's user: the memoised cards render again only when the user changes.
  const messageOwnerAction = useCallback(
    (listing: Listing) => (
      <>
        <MessageOwnerButton listingId={listing._id} ownerId={listing.ownerId} user={user} />
        <ProposeDealButton listing={listing} user={user} compact />
      </>
    ),
    [user],
  );
  const userType: UserType = user?.userType ?? 'advertiser';
  const labels = postLabels(userType, i18n);
  const moreActive = MORE_FILTER_KEYS.filter((key) => search[key] !== undefined).length;
  const [moreOpen, setMoreOpen] = useState(moreActive > 0);
  // On a phone every filter is behind one button (the results come first); the count says how many are set.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersSet =
    moreActive +
    [search.view, search.category, search.sort, search.verifiedOnly, search.display].filter(
      (value) => value !== undefined,
    ).length;
  // Best match is the order for words; without words it is newest first.
  const sort: SearchSort = search.sort ?? (search.q ? 'relevance' : 'newest');
  const sortOptions = (search.q ? SORT_OPTIONS : SORT_OPTIONS.filter((o) => o.value !== 'relevance')).map(
    (o) => ({ value: o.value, label: i18n._(o.label) }),
  );
  const [prefill, setPrefill] = useState<{
    title?: string | undefined;
    category?: MediaCategoryId | undefined;
    city?: string | undefined;
  }>();
  const openPost = () => {
    setPostingUsed(true);
    setPosting(true);
  };
  const setMoreFilters = useCallback(
    (patch: Partial<MoreFilters>) =>
      void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true }),
    [navigate],
  );
  // The words leave through the box (its debounced effect updates the URL), the filters at once; the list or
  // map view stays.
  // A signed-out visitor who saves comes back to these filters after signing in.
  const marketplaceHref = useRouterState({ select: (state) => state.location.href });
  const clearFilters = () => {
    setText('');
    void navigate({ search: (prev) => ({ q: prev.q, display: prev.display }), replace: true });
  };

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        {/* On a phone the title and "Post a Listing" take a row each, whatever their widths: side by side, the row
            wrapped or not by the title's width (at 360 px "Post a Listing" did not fit beside it, its label cut), and
            a Hindi title drawn before its Devanagari font had loaded wrapped where the loaded one did not, moving the
            whole page down and up again (Lighthouse on /hi/marketplace: layout shift 0.23). From sm they share a row. */}
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          justify="space-between"
          align={{ base: 'stretch', sm: 'flex-end' }}
          gap="sm"
        >
          <div>
            <Title order={1}>{t`Marketplace`}</Title>
            <Text c="dimmed" visibleFrom="sm">
              {t`Trade advertising space, media assets and services without cash.`}
            </Text>
          </div>
          {user === undefined ? (
            // The session is not known yet: a blank of the button's size, not a label that changes.
            <Box w={{ base: '100%', sm: 140 }} h={36} aria-hidden="true" data-testid="post-placeholder" />
          ) : (
            <Button
              onClick={() => {
                setPrefill(undefined);
                openPost();
              }}
            >
              {user ? labels.open : t`Post a Listing`}
            </Button>
          )}
        </Flex>
        <TextInput
          label={t`Search listings`}
          placeholder={t`Search by title, location, description or exchange`}
          type="search"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={200}
        />
        <Button
          hiddenFrom="sm"
          variant="default"
          aria-expanded={filtersOpen}
          aria-controls="marketplace-filters"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {filtersSet > 0 ? t`Filters (${filtersSet})` : t`Filters`}
        </Button>
        <Stack
          gap="lg"
          id="marketplace-filters"
          className={controls.filters}
          data-open={filtersOpen || undefined}
        >
          <Group gap="md" align="flex-end" wrap="wrap">
            <SegmentedChoice
              label={t`Owner type`}
              options={views}
              value={search.view ?? 'all'}
              onChange={(value) =>
                void navigate({
                  search: (prev) => ({ ...prev, view: value === 'all' ? undefined : value }),
                  replace: true,
                })
              }
            />
            {/* A native select: the phone's own picker, and no popover code on the page's first load. */}
            <NativeSelect
              label={t`Category`}
              data={categoryOptions}
              value={search.category ?? ''}
              w={{ base: '100%', xs: 240 }}
              onChange={(event) => {
                const value = event.currentTarget.value;
                void navigate({
                  search: (prev) => ({
                    ...prev,
                    category: (value || undefined) as MediaCategoryId | undefined,
                  }),
                  replace: true,
                });
              }}
            />
            <NativeSelect
              label={t`Sort by`}
              data={sortOptions}
              value={sort}
              w={{ base: '100%', xs: 200 }}
              onChange={(event) => {
                const value = event.currentTarget.value as SearchSort;
                void navigate({ search: (prev) => ({ ...prev, sort: value }), replace: true });
              }}
            />
            <Button
              variant="default"
              mb={2}
              aria-expanded={moreOpen}
              aria-controls="more-filters"
              onClick={() => setMoreOpen((open) => !open)}
            >
              {moreActive > 0 ? t`More filters (${moreActive})` : t`More filters`}
            </Button>
            <SegmentedChoice
              label={t`Show`}
              options={displays}
              value={search.display ?? 'list'}
              onChange={(value) =>
                void navigate({
                  search: (prev) => ({ ...prev, display: value === 'list' ? undefined : value }),
                  replace: true,
                })
              }
            />
            <Checkbox
              label={core(VERIFICATION_MESSAGES.verifiedOnlyFilter)}
              checked={verifiedOnlyShown}
              mb={8}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setVerifiedOnlyClick({ from: verifiedOnly, to: checked });
                void navigate({
                  search: (prev) => ({ ...prev, verifiedOnly: checked ? true : undefined }),
                  replace: true,
                });
              }}
            />
          </Group>
          <Group justify="flex-end">
            <SaveSearchButton
              user={user}
              query={{
                q: search.q,
                category: search.category,
                ownerRole: search.view,
                city: search.city,
                verifiedOnly: search.verifiedOnly,
                rateMin: search.rateMin,
                rateMax: search.rateMax,
                availableFrom: search.availableFrom,
                availableTo: search.availableTo,
              }}
              redirect={marketplaceHref}
            />
          </Group>
          {moreOpen ? (
            <div id="more-filters">
              <Suspense fallback={<Box h={62} />}>
                <MarketplaceFilters
                  value={{
                    city: search.city,
                    rateMin: search.rateMin,
                    rateMax: search.rateMax,
                    availableFrom: search.availableFrom,
                    availableTo: search.availableTo,
                  }}
                  onChange={setMoreFilters}
                />
              </Suspense>
            </div>
          ) : null}
        </Stack>
        <MarketplaceList
          display={search.display}
          q={search.q}
          view={search.view}
          category={search.category}
          verifiedOnly={search.verifiedOnly}
          city={search.city}
          rateMin={search.rateMin}
          rateMax={search.rateMax}
          availableFrom={search.availableFrom}
          availableTo={search.availableTo}
          sort={sort}
          cardActions={messageOwnerAction}
          onSuggestion={setText}
          onClearFilters={clearFilters}
          onPostNeed={() => {
            setPrefill({ title: search.q, category: search.category, city: search.city });
            openPost();
          }}
        />
      </Stack>
      {postingUsed ? (
        <Suspense fallback={null}>
          {user ? (
            <PostListingModal
              opened={posting}
              onClose={() => setPosting(false)}
              userType={userType}
              prefill={prefill}
            />
          ) : (
            <SignInRequiredModal
              opened={posting}
              onClose={() => setPosting(false)}
              reason={core(MESSAGES.signInToPost)}
              redirect="/marketplace"
            />
          )}
        </Suspense>
      ) : null}
    </Container>
  );
}
