import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { usePageMeta } from './usePageMeta';

export function NotFoundPage() {
  usePageMeta('Page not found', 'The page you were looking for does not exist.');
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="dimmed" aria-hidden="true">
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The page you were looking for does not exist or has moved.</Text>
        <Button component={Link} to="/">
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}
