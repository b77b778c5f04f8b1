import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Box, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SUCCESS_STORIES } from './content';

/** Success stories in a grid; `limit` shows only the first few (the landing page). */
export function Stories({ limit, headingOrder = 3 }: { limit?: number; headingOrder?: 2 | 3 }) {
  const { i18n } = useLingui();
  const stories = limit ? SUCCESS_STORIES.slice(0, limit) : SUCCESS_STORIES;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {stories.map((story) => (
        <Card key={story.company.id} withBorder padding="lg" radius="md" component="article">
          <Stack gap="sm">
            <Badge variant="light" style={{ alignSelf: 'flex-start' }}>
              {i18n._(story.industry)}
            </Badge>
            <Title order={headingOrder} fz="lg">
              {i18n._(story.company)}
            </Title>
            <Text fz="sm">
              <Text span fw={700}>
                <Trans>The deal:</Trans>{' '}
              </Text>
              {i18n._(story.deal)}
            </Text>
            <Text fz="sm">
              <Text span fw={700}>
                <Trans>The result:</Trans>{' '}
              </Text>
              {i18n._(story.result)}
            </Text>
            <Box
              component="figure"
              m={0}
              pl="sm"
              style={{ borderLeft: '3px solid var(--mantine-color-anchor)' }}
            >
              <Text component="blockquote" m={0} fz="sm" fs="italic">
                “{i18n._(story.testimonial)}”
              </Text>
              <Text component="figcaption" fz="xs" c="dimmed" mt={4}>
                {i18n._(story.person)}
              </Text>
            </Box>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
