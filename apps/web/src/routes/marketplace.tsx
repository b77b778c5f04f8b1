import {
  DELAYS_MS,
  MESSAGES,
  type MediaCategoryId,
  type UserType,
  VERIFICATION_MESSAGES,
} from '@barterads/core';
import {
  Box,
  Button,
  Checkbox,
  Container,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { SegmentedChoice, type SegmentedChoiceOption } from '../components/SegmentedChoice';
import { usePageMeta } from '../components/usePageMeta';
import { useSessionUser } from '../features/accounts/session';
import { CATEGORY_OPTIONS } from '../features/listings/category-options';
import { MarketplaceList } from '../features/listings/MarketplaceList';
import { postLabels } from '../features/listings/post-labels';
import type { Listing } from '../features/listings/types';
import { MessageOwnerButton } from '../features/messages/MessageOwnerButton';
import { MarketplaceSearch } from '../features/search-params';

// The post and sign-in modals load on first use: most visitors browse, and the form is not part of the first paint.
const PostListingModal = lazy(() =>
  import('../features/listings/PostListingModal').then((m) => ({ default: m.PostListingModal })),
);
const SignInRequiredModal = lazy(() => import('../features/accounts/SignInRequiredModal'));

export const Route = createFileRoute('/marketplace')({
  validateSearch: MarketplaceSearch,
  component: MarketplacePage,
});

const FILTER_CATEGORY_OPTIONS = [{ value: '', label: 'All categories' }, ...CATEGORY_OPTIONS];

const VIEWS = [
  { value: 'all', label: 'All' },
  { value: 'media_owner', label: 'Media Owners' },
  { value: 'advertiser', label: 'Advertisers' },
] as const satisfies readonly SegmentedChoiceOption<UserType | 'all'>[];

function MarketplacePage() {
  usePageMeta(
    'Marketplace',
    'Browse advertising space, media assets and needs offered by barter across India.',
  );
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/marketplace' });
  const { user } = useSessionUser();
  const [text, setText] = useState(search.q ?? '');
  const [debounced] = useDebouncedValue(text, DELAYS_MS.marketplaceSearchDebounce);
  const [posting, setPosting] = useState(false);
  // Once loaded, the modal stays mounted so that it can animate closed.
  const [postingUsed, setPostingUsed] = useState(false);

  // The URL keeps the query: typing updates it 300 ms after the last key stroke.
  useEffect(() => {
    const q = debounced.trim() || undefined;
    if (q !== search.q) void navigate({ search: (prev) => ({ ...prev, q }), replace: true });
  }, [debounced, search.q, navigate]);
  // Back/forward or a link changing the URL updates the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an outside change of the URL resets the box
  useEffect(() => {
    if ((search.q ?? '') !== debounced.trim()) setText(search.q ?? '');
  }, [search.q]);

  // "Message" on every card, with the page's user: the memoised cards render again only when the user changes.
  const messageOwnerAction = useCallback(
    (listing: Listing) => (
      <MessageOwnerButton listingId={listing._id} ownerId={listing.ownerId} user={user} />
    ),
    [user],
  );
  const userType: UserType = user?.userType ?? 'advertiser';
  const labels = postLabels(userType);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Marketplace</Title>
            <Text c="dimmed">Trade advertising space, media assets and services without cash.</Text>
          </div>
          {user === undefined ? (
            // The session is not known yet: a blank of the button's size, not a label that changes.
            <Box w={140} h={36} aria-hidden="true" data-testid="post-placeholder" />
          ) : (
            <Button
              onClick={() => {
                setPostingUsed(true);
                setPosting(true);
              }}
            >
              {user ? labels.open : 'Post a Listing'}
            </Button>
          )}
        </Group>
        <TextInput
          label="Search listings"
          placeholder="Search by title, location, description or exchange"
          type="search"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={200}
        />
        <Group gap="md" align="flex-end" wrap="wrap">
          <SegmentedChoice
            label="Owner type"
            options={VIEWS}
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
            label="Category"
            data={FILTER_CATEGORY_OPTIONS}
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
          <Checkbox
            label={VERIFICATION_MESSAGES.verifiedOnlyFilter}
            checked={search.verifiedOnly === true}
            mb={8}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              void navigate({
                search: (prev) => ({ ...prev, verifiedOnly: checked ? true : undefined }),
                replace: true,
              });
            }}
          />
        </Group>
        <MarketplaceList
          q={search.q}
          view={search.view}
          category={search.category}
          verifiedOnly={search.verifiedOnly}
          cardActions={messageOwnerAction}
        />
      </Stack>
      {postingUsed ? (
        <Suspense fallback={null}>
          {user ? (
            <PostListingModal opened={posting} onClose={() => setPosting(false)} userType={userType} />
          ) : (
            <SignInRequiredModal
              opened={posting}
              onClose={() => setPosting(false)}
              reason={MESSAGES.signInToPost}
              redirect="/marketplace"
            />
          )}
        </Suspense>
      ) : null}
    </Container>
  );
}
