import { errorMessage, trpc } from '@barterads/api-client';
import { formatPaise } from '@barterads/core';
import { Alert, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** The days left of a leg's 30-day clock, said plainly. */
export function daysLeftText(daysLeft: number | null, dueDate: string | null): string {
  if (daysLeft === null || !dueDate) return 'The 30 days start when the last deliverable is accepted';
  if (daysLeft < 0) return `${-daysLeft} ${-daysLeft === 1 ? 'day' : 'days'} late (was due ${dueDate})`;
  if (daysLeft === 0) return `Due today (${dueDate})`;
  return `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left (by ${dueDate})`;
}

/**
 * The dashboard's "Invoices to issue" (product-spec-3 section 1): the member's draft legs, soonest due first,
 * each with its deal, value and the days left to issue its tax invoice. Nothing shows for a member with none.
 */
export function InvoicesToIssueCard() {
  const due = trpc.tax.toIssue.useQuery(undefined, { retry: false });
  if (due.isPending) return <Skeleton h={80} radius="md" aria-label="Loading invoices to issue" />;
  if (due.isError)
    return (
      <Alert color="red" role="alert" title="Could not load the invoices to issue">
        {errorMessage(due.error)}
      </Alert>
    );
  const { legs } = due.data;
  if (legs.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="invoices-to-issue">
      <Title order={2} fz="h4" id="invoices-to-issue">
        Invoices to issue
      </Title>
      <Text size="sm" c="dimmed">
        Each GST-registered side of a barter issues its own tax invoice within 30 days of the supply.
      </Text>
      <Stack gap="xs" mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {legs.map((leg) => (
          <li key={leg._id ?? `${leg.dealId}-${leg.sac}`}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Link to="/dashboard/deals/$id" params={{ id: leg.dealId }}>
                  {leg.dealNumber || 'Deal'}: {leg.description}
                </Link>
                <Text size="sm">{daysLeftText(leg.daysLeft, leg.dueDate)}</Text>
              </Stack>
              <Badge
                variant="light"
                color={leg.daysLeft !== null && leg.daysLeft <= 3 ? 'red' : 'blue'}
                aria-label={`Taxable value ${formatPaise(Math.round(leg.taxableValue * 100))}`}
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
