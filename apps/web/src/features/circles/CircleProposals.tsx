import { trpc } from '@barterads/api-client';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { usePageLanguage } from '../../i18n/core-text';
import { formatDateTime } from '../deals/format';
import { formatInr } from '../listings/format';
import { CIRCLE_STATUS_COLORS, CIRCLE_STATUS_LABELS, circleNumber } from './format';

/** The member's circle proposals on /dashboard/deals (open ones first); nothing when it has none. */
export function CircleProposals() {
  const { t, i18n } = useLingui();
  const language = usePageLanguage();
  const query = trpc.circles.list.useQuery();
  if (query.isPending) return <Skeleton h={80} radius="md" aria-label={t`Loading circle deals`} />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        <Trans>Failed to load your circle deals</Trans>
      </Alert>
    );
  const circles = [...query.data.circles].sort(
    (a, b) => Number(b.status === 'proposed') - Number(a.status === 'proposed'),
  );
  if (circles.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="circle-proposals">
      <Title order={2} fz="h4" id="circle-proposals">
        <Trans>Circle deals</Trans>
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
            aria-label={t`Circle deal ${circleNumber(c.number)}`}
          >
            <Card withBorder padding="sm">
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600}>{t`Circle ${circleNumber(c.number)} · 3 businesses`}</Text>
                  <Badge color={CIRCLE_STATUS_COLORS[c.status]} variant="light">
                    {i18n._(CIRCLE_STATUS_LABELS[c.status])}
                  </Badge>
                </Group>
                {c.preparedBy ? (
                  <Text size="xs" c="teal" fw={600}>
                    {c.preparedBy}
                  </Text>
                ) : null}
                <Text size="sm" lineClamp={2}>
                  <Trans>
                    You give <span translate="no">{give?.title}</span> ({formatInr(give?.valueInr ?? 0)}) ·
                    you get <span translate="no">{get?.title}</span> ({formatInr(get?.valueInr ?? 0)})
                  </Trans>
                </Text>
                {c.status === 'proposed' ? (
                  <Text size="sm" c={c.actions.includes('accept') ? 'blue' : 'dimmed'} fw={600}>
                    {c.actions.includes('accept')
                      ? t`Awaiting your answer`
                      : t`${c.acceptedCount} of 3 accepted`}{' '}
                    · {t`closes ${formatDateTime(c.expiresAt, language)}`}
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
