import { errorMessage } from '@barterads/api-client';
import { Alert, Button, Center, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** 'Loading...' while a query runs (the spec's text), announced to screen readers. */
export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="xs">
        <Loader size="sm" />
        <Text>{label}</Text>
      </Group>
    </Center>
  );
}

/**
 * A page's place while its route loader waits on a slow connection (after the router's pendingMs): its title and
 * blocks about as high as its sections, announced as loading.
 */
export function PagePending({ title, label, blocks }: { title: string; label: string; blocks: number[] }) {
  return (
    <Stack aria-busy="true" aria-label={label}>
      <Title order={1} fz="h2">
        {title}
      </Title>
      {blocks.map((height, i) => (
        // A fixed list that never reorders: a block's place is its key.
        <Skeleton key={i} h={height} radius="md" />
      ))}
    </Stack>
  );
}

/** 'Error: ' plus the message, with a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert color="red" role="alert" title="Could not load">
      <Group justify="space-between" gap="sm">
        <Text fz="sm">Error: {errorMessage(error)}</Text>
        {onRetry ? (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Retry
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" ta="center" py="xl">
      {children}
    </Text>
  );
}
