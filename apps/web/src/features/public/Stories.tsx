import { Badge, Box, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SUCCESS_STORIES } from './content';

/** Success stories in a grid; `limit` shows only the first few (the landing page). */
export function Stories({ limit, headingOrder = 3 }: { limit?: number; headingOrder?: 2 | 3 }) {
  const stories = limit ? SUCCESS_STORIES.slice(0, limit) : SUCCESS_STORIES;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {stories.map((story) => (
        <Card key={story.company} withBorder padding="lg" radius="md" component="article">
          <Stack gap="sm">
            <Badge variant="light" style={{ alignSelf: 'flex-start' }}>
              {story.industry}
            </Badge>
            <Title order={headingOrder} fz="lg">
              {story.company}
            </Title>
            <Text fz="sm">
              <Text span fw={700}>
                The deal:{' '}
              </Text>
              {story.deal}
            </Text>
            <Text fz="sm">
              <Text span fw={700}>
                The result:{' '}
              </Text>
              {story.result}
            </Text>
            <Box
              component="figure"
              m={0}
              pl="sm"
              style={{ borderLeft: '3px solid var(--mantine-color-anchor)' }}
            >
              <Text component="blockquote" m={0} fz="sm" fs="italic">
                “{story.testimonial}”
              </Text>
              <Text component="figcaption" fz="xs" c="dimmed" mt={4}>
                {story.person}
              </Text>
            </Box>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
