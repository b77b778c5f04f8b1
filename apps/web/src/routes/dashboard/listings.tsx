import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { usePageMeta } from '../../components/usePageMeta';
import { MyListingsTable } from '../../features/listings/MyListingsTable';
import { postLabels } from '../../features/listings/post-labels';

// The post form loads on first use, as on the marketplace: it is not part of the page's first load.
const PostListingModal = lazy(() =>
  import('../../features/listings/PostListingModal').then((m) => ({ default: m.PostListingModal })),
);

export const Route = createFileRoute('/dashboard/listings')({ component: MyListingsPage });

function MyListingsPage() {
  const { t, i18n } = useLingui();
  usePageMeta(t`My Listings`);
  const { user } = Route.useRouteContext();
  const [posting, setPosting] = useState(false);
  const [postingUsed, setPostingUsed] = useState(false);
  const labels = postLabels(user.userType, i18n);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          <Trans>My Listings</Trans>
        </Title>
        <Button
          onClick={() => {
            setPostingUsed(true);
            setPosting(true);
          }}
        >
          {labels.open}
        </Button>
      </Group>
      <MyListingsTable />
      {postingUsed ? (
        <Suspense fallback={null}>
          <PostListingModal opened={posting} onClose={() => setPosting(false)} userType={user.userType} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
