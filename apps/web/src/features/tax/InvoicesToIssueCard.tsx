import { errorMessage, trpc } from '@barterads/api-client';
import { formatPaise } from '@barterads/core';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useFormatDate } from '../../i18n/core-text';

/**
 * The days left of a leg's 30-day clock, said plainly in the page's language ("3 days left (by 12 Dec 2026)"):
 * here and on the deal page's Tax section.
 */
export function daysLeftText(
  i18n: I18n,
  daysLeft: number | null,
  dueDate: string | null,
  formatDate: (day: string) => string,
): string {
  if (daysLeft === null || !dueDate)
    return i18n._(msg`The 30 days start when the last deliverable is accepted`);
  const due = formatDate(dueDate);
  if (daysLeft < 0) {
    const late = -daysLeft;
    return i18n._(msg`${plural(late, { one: '# day late', other: '# days late' })} (was due ${due})`);
  }
  if (daysLeft === 0) return i18n._(msg`Due today (${due})`);
  return i18n._(msg`${plural(daysLeft, { one: '# day left', other: '# days left' })} (by ${due})`);
}

/**
 * The dashboard's "Invoices to issue" (product-spec-3 section 1): the member's draft legs, soonest due first,
 * each with its deal, value and the days left to issue its tax invoice. Nothing shows for a member with none.
 */
export function InvoicesToIssueCard() {
  const { t, i18n } = useLingui();
  const formatDate = useFormatDate();
  const due = trpc.tax.toIssue.useQuery(undefined, { retry: false });
  if (due.isPending) return <Skeleton h={80} radius="md" aria-label={t`Loading invoices to issue`} />;
  if (due.isError)
    return (
      <Alert color="red" role="alert" title={t`Could not load the invoices to issue`}>
        {errorMessage(due.error)}
      </Alert>
    );
  const { legs } = due.data;
  if (legs.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="invoices-to-issue">
      <Title order={2} fz="h4" id="invoices-to-issue">
        <Trans>Invoices to issue</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>
          Each GST-registered side of a barter issues its own tax invoice within 30 days of the supply.
        </Trans>
      </Text>
      <Stack gap="xs" mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {legs.map((leg) => (
          <li key={leg._id ?? `${leg.dealId}-${leg.sac}`}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Link to="/dashboard/deals/$id" params={{ id: leg.dealId }}>
                  {leg.dealNumber || t`Deal`}: <span translate="no">{leg.description}</span>
                </Link>
                <Text size="sm">{daysLeftText(i18n, leg.daysLeft, leg.dueDate, formatDate)}</Text>
              </Stack>
              <Badge
                variant="light"
                color={leg.daysLeft !== null && leg.daysLeft <= 3 ? 'red' : 'blue'}
                aria-label={t`Taxable value ${formatPaise(Math.round(leg.taxableValue * 100))}`}
              >
                {formatPaise(Math.round(leg.taxableValue * 100))}
              </Badge>
            </Group>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
