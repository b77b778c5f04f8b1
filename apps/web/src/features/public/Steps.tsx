import { Trans, useLingui } from '@lingui/react/macro';
import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { HOW_IT_WORKS_STEPS } from './content';

/** The six steps of how BarterAds works, as an ordered list of cards. */
export function Steps({ headingOrder = 3 }: { headingOrder?: 2 | 3 }) {
  const { i18n } = useLingui();
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, md: 3 }}
      spacing="lg"
      component="ol"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {HOW_IT_WORKS_STEPS.map((step, index) => (
        <Card key={step.title.id} withBorder padding="lg" radius="md" component="li">
          <Stack gap="sm">
            <ThemeIcon size={40} radius="xl" aria-hidden="true">
              <Text fw={800} c="white">
                {index + 1}
              </Text>
            </ThemeIcon>
            <Title order={headingOrder} fz="lg">
              <Text span fz="sm" c="dimmed" fw={600} display="block">
                <Trans>Step {index + 1}</Trans>
              </Text>
              {i18n._(step.title)}
            </Title>
            <Text fz="sm" c="dimmed">
              {i18n._(step.text)}
            </Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
