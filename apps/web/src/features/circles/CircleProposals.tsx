import { trpc } from '@barterads/api-client';
import { Alert, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../deals/format';
import { formatInr } from '../listings/format';
import { CIRCLE_STATUS_COLORS, CIRCLE_STATUS_LABELS, circleNumber } from './format';

/** The member's circle proposals on /dashboard/deals (open ones first); nothing when it has none. */
export function CircleProposals() {
  const query = trpc.circles.list.useQuery();
  if (query.isPending) return <Skeleton h={80} radius="md" aria-label="Loading circle deals" />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        Failed to load your circle deals
      </Alert>
    );
  const circles = [...query.data.circles].sort(
    (a, b) => Number(b.status === 'proposed') - Number(a.status === 'proposed'),
  );
  if (circles.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="circle-proposals">
      <Title order={2} fz="h4" id="circle-proposals">
        Circle deals
      </Title>
      {circles.slice(0, 10).map((c) => {
        const give = c.legs.find((l) => l.direction === 'give');
        const get = c.legs.find((l) => l.direction === 'get');
        return (
          <Link
            key={c._id}
            to="/dashboard/circles/$id"
            params={{ id: c._id }}
            style={{ textDecoration: 'none', color: 'inherit' }}
            aria-label={`Circle deal ${circleNumber(c.number)}`}
          >
            <Card withBorder padding="sm">
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600}>Circle {circleNumber(c.number)} · 3 businesses</Text>
                  <Badge color={CIRCLE_STATUS_COLORS[c.status]} variant="light">
                    {CIRCLE_STATUS_LABELS[c.status]}
                  </Badge>
                </Group>
                {c.preparedBy ? (
                  <Text size="xs" c="teal" fw={600}>
                    {c.preparedBy}
                  </Text>
                ) : null}
                <Text size="sm" lineClamp={2}>
                  You give {give?.title} ({formatInr(give?.valueInr ?? 0)}) · you get {get?.title} (
                  {formatInr(get?.valueInr ?? 0)})
                </Text>
                {c.status === 'proposed' ? (
                  <Text size="sm" c={c.actions.includes('accept') ? 'blue' : 'dimmed'} fw={600}>
                    {c.actions.includes('accept')
                      ? 'Awaiting your answer'
                      : `${c.acceptedCount} of 3 accepted`}{' '}
                    · closes {formatDateTime(c.expiresAt)}
                  </Text>
                ) : null}
              </Stack>
            </Card>
          </Link>
        );
      })}
    </Stack>
  );
}
