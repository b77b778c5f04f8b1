import { errorMessage, trpc } from '@barterads/api-client';
import { categoryTitle, isLanguage } from '@barterads/core';
import { translateText } from '@barterads/core/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Skeleton, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { formatInr } from '../listings/format';

const AcceptListForm = lazy(() => import('./AcceptListForm'));

/**
 * "What I'd accept" on /dashboard (product-spec-3 section 4): the member's list in words, and its editor, loaded
 * when opened (it carries the form's schema; the dashboard's first load stays in its budget). Phone layout first.
 */
export function AcceptListCard() {
  const { t, i18n } = useLingui();
  const language = isLanguage(i18n.locale) ? i18n.locale : 'en';
  const query = trpc.circles.accepts.useQuery();
  const [editing, setEditing] = useState(false);
  const list = query.data?.accepts;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="accept-list">
      <Title order={2} fz="h4" id="accept-list">
        <Trans>What I'd accept</Trans>
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        <Trans>
          What you would take in exchange. Matches and circle deals of three are only proposed inside this
          list.
        </Trans>
      </Text>
      {query.isPending ? (
        <Skeleton h={40} mt="sm" aria-label={t`Loading your accept list`} />
      ) : query.isError ? (
        <Alert color="red" role="alert" mt="sm">
          {t`Failed to load your list:`} {errorMessage(query.error)}
        </Alert>
      ) : list ? (
        <Text size="sm" mt="sm">
          {list.categories.length
            ? list.categories.map((c) => translateText(language, categoryTitle(c))).join(', ')
            : t`Any category`}{' '}
          ·{' '}
          {list.cities.length
            ? list.cities.map((c) => c.replace(/\b\w/g, (ch) => ch.toUpperCase())).join(', ')
            : t`any city`}{' '}
          · {t`${formatInr(list.minValueInr)} to ${formatInr(list.maxValueInr)}`}
          {list.availableFrom || list.availableTo
            ? ` · ${t`${list.availableFrom ?? '…'} to ${list.availableTo ?? '…'}`}`
            : ''}
        </Text>
      ) : (
        <Text size="sm" mt="sm">
          <Trans>No list yet: matches are proposed from anything that fits your listings.</Trans>
        </Text>
      )}
      {editing ? (
        <Suspense fallback={<Skeleton h={220} mt="sm" aria-label={t`Loading the editor`} />}>
          <AcceptListForm />
        </Suspense>
      ) : (
        <Button variant="light" mt="sm" onClick={() => setEditing(true)} disabled={query.isPending}>
          {list ? t`Edit my list` : t`Set up my list`}
        </Button>
      )}
    </Card>
  );
}
