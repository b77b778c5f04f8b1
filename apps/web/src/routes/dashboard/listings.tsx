import { Button, Group, Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { usePageMeta } from '../../components/usePageMeta';
import { MyListingsTable } from '../../features/listings/MyListingsTable';
import { PostListingModal } from '../../features/listings/PostListingModal';
import { postLabels } from '../../features/listings/post-labels';

export const Route = createFileRoute('/dashboard/listings')({ component: MyListingsPage });

function MyListingsPage() {
  usePageMeta('My Listings');
  const { user } = Route.useRouteContext();
  const [posting, setPosting] = useState(false);
  const labels = postLabels(user.userType);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          My Listings
        </Title>
        <Button onClick={() => setPosting(true)}>{labels.open}</Button>
      </Group>
      <MyListingsTable />
      <PostListingModal opened={posting} onClose={() => setPosting(false)} userType={user.userType} />
    </Stack>
  );
}
