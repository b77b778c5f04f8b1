import { COMPANY } from '@barterads/core';
import { Anchor, Box, Container, Grid, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { usePageMeta } from '../../components/usePageMeta';
import type { LegalSection } from './sections';

export interface LegalPageProps {
  title: string;
  description: string;
  sections: readonly LegalSection[];
}

/** The support address in a paragraph as a themed mailto link, underlined as a link in running text must be. */
function withMailLink(paragraph: string): ReactNode {
  const at = paragraph.indexOf(COMPANY.supportEmail);
  if (at < 0) return paragraph;
  return (
    <>
      {paragraph.slice(0, at)}
      <Anchor href={`mailto:${COMPANY.supportEmail}`} underline="always">
        {COMPANY.supportEmail}
      </Anchor>
      {paragraph.slice(at + COMPANY.supportEmail.length)}
    </>
  );
}

/**
 * The shared layout of the legal pages (spec section 2): title, effective date, a side table of contents
 * with anchors, the numbered sections, a Back to Home link and a Contact us link.
 */
export function LegalPage({ title, description, sections }: LegalPageProps) {
  usePageMeta(title, description);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Stack gap="xs" mb="xl">
        <Title order={1} fz={{ base: 30, sm: 40 }}>
          {title}
        </Title>
        <Text c="dimmed">
          Effective date: <time dateTime="2025-08-20">{COMPANY.legalEffectiveDate}</time>
        </Text>
      </Stack>
      <Grid gap={40}>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper
            withBorder
            p="md"
            radius="md"
            component="nav"
            aria-labelledby="toc-title"
            style={{ position: 'sticky', top: 80 }}
          >
            <Text fw={700} mb="xs" id="toc-title">
              Contents
            </Text>
            <Box component="ol" m={0} pl="lg">
              {sections.map((section) => (
                <Box component="li" key={section.id} py={3} fz="sm">
                  <Anchor
                    component={Link}
                    to={pathname}
                    hash={section.id}
                    resetScroll={false}
                    activeOptions={{ includeHash: true }}
                    fz="sm"
                  >
                    {section.title}
                  </Anchor>
                </Box>
              ))}
            </Box>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl" component="article" aria-label={title}>
            {sections.map((section, index) => (
              <Box
                component="section"
                id={section.id}
                key={section.id}
                aria-labelledby={`${section.id}-heading`}
              >
                <Title order={2} fz="xl" mb="sm" id={`${section.id}-heading`}>
                  {index + 1}. {section.title}
                </Title>
                <Stack gap="sm">
                  {section.body.map((paragraph) => (
                    <Text key={paragraph}>{withMailLink(paragraph)}</Text>
                  ))}
                  {section.list ? (
                    <List spacing="xs">
                      {section.list.map((item) => (
                        <List.Item key={item}>{item}</List.Item>
                      ))}
                    </List>
                  ) : null}
                </Stack>
              </Box>
            ))}
            <Group gap="lg" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <Anchor component={Link} to="/" fw={600}>
                ← Back to Home
              </Anchor>
              <Anchor component={Link} to="/contact" fw={600}>
                Contact us
              </Anchor>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
