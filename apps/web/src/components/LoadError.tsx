import { errorMessage } from '@barterads/api-client';
import { Alert, Button, Stack, Text } from '@mantine/core';

export interface LoadErrorProps {
  /** What could not be loaded, as the alert's title. */
  title: string;
  error: unknown;
  /** Shown when the error carries no message of its own. */
  fallback?: string;
  onRetry: () => void;
}

/** A query that failed: what failed, the server's reason and a way to try again. */
export function LoadError({ title, error, fallback, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{errorMessage(error, fallback)}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
