import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './Section.module.css';

export interface SectionProps {
  /** Anchor id of the section (also names the heading for assistive technology). */
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
  /** A tinted background to separate neighbouring sections. */
  tinted?: boolean;
}

/** One titled band of a public page. */
export function Section({ id, title, intro, children, tinted = false }: SectionProps) {
  const headingId = `${id}-title`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      py={{ base: 48, sm: 72 }}
      bg={tinted ? 'var(--mantine-color-default-hover)' : undefined}
      className={classes.band}
    >
      <Container size="lg">
        <Stack gap="xs" mb="xl" ta="center" align="center">
          <Title order={2} id={headingId} fz={{ base: 26, sm: 34 }}>
            {title}
          </Title>
          {intro ? (
            <Text c="dimmed" maw={640}>
              {intro}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}

/** The title band at the top of an inner public page, holding its only h1. */
export function PageHeader({ title, intro, eyebrow }: { title: string; intro?: string; eyebrow?: string }) {
  return (
    <Box py={{ base: 40, sm: 64 }} bg="var(--mantine-color-default-hover)">
      <Container size="lg">
        <Stack gap="sm" ta="center" align="center">
          {eyebrow ? (
            <Text
              fw={700}
              tt="uppercase"
              fz="xs"
              c="var(--mantine-color-anchor)"
              style={{ letterSpacing: 1 }}
            >
              {eyebrow}
            </Text>
          ) : null}
          <Title order={1} fz={{ base: 32, sm: 44 }}>
            {title}
          </Title>
          {intro ? (
            <Text c="dimmed" fz="lg" maw={680}>
              {intro}
            </Text>
          ) : null}
        </Stack>
      </Container>
    </Box>
  );
}
