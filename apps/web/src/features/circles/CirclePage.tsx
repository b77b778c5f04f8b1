import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useCoreText, usePageLanguage } from '../../i18n/core-text';
import { formatDateTime } from '../deals/format';
import { MyGst, LegCard as TaxLegCard } from '../deals/TaxSection';
import { formatInr } from '../listings/format';
import { CircleDiagram } from './CircleDiagram';
import { CIRCLE_STATUS_COLORS, CIRCLE_STATUS_LABELS, circleNumber } from './format';

type Circle = RouterOutputs['circles']['get']['circle'];
type Leg = Circle['legs'][number];
type Member = Circle['members'][number];

function MemberCard({ member, role }: { member: Member; role: string }) {
  const { t } = useLingui();
  return (
    <Group gap="xs" wrap="nowrap">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} lineClamp={1} translate="no">
          {member.companyName}
        </Text>
        <Group gap={6}>
          {member.verified ? (
            <Badge size="xs" color="teal" variant="light">
              <Trans>GST verified</Trans>
            </Badge>
          ) : null}
          <Text size="xs" c="dimmed">
            {member.rating !== null
              ? `★ ${member.rating.toFixed(1)} (${t`${plural(member.reviewCount, { one: '# review', other: '# reviews' })}`})`
              : t`No reviews yet`}{' '}
            · {role}
          </Text>
        </Group>
      </Stack>
    </Group>
  );
}

function LegCard({
  leg,
  title,
  other,
  otherRole,
}: {
  leg: Leg;
  title: string;
  other: Member;
  otherRole: string;
}) {
  const { t } = useLingui();
  // The reasons are written by the server in English (stored with the circle): shown in the page's language.
  const core = useCoreText();
  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-label={title}>
      <Stack gap={6}>
        <Text size="sm" c="dimmed" fw={600} tt="uppercase">
          {title}
        </Text>
        <Text fw={700} translate="no">
          {leg.title}
        </Text>
        <Text>{formatInr(leg.valueInr)}</Text>
        <MemberCard member={other} role={otherRole} />
        <List size="sm" spacing={2}>
          {leg.reasons.map((r) => (
            <List.Item key={r}>{core(r)}</List.Item>
          ))}
        </List>
        {leg.dealId ? (
          <Link to="/dashboard/deals/$id" params={{ id: leg.dealId }}>
            {t`Open this deal`}
          </Link>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * The GST of the member's own two legs (product-spec-3 section 4), from the tax domain's legs: what it owes on what
 * it gives and may claim on what it gets, and each leg's SAC, place of supply and taxes, as a deal's Tax section
 * shows them. Before all three accept, as the legs would be if accepted today.
 */
function CircleGst({ circle, me }: { circle: Circle; me: string }) {
  const { t } = useLingui();
  if (!circle.myTax) return null;
  const give = circle.legs.find((l) => l.direction === 'give');
  const get = circle.legs.find((l) => l.direction === 'get');
  return (
    <Stack component="section" gap="sm" aria-label={t`GST of your legs`}>
      <Title order={2} size="h4">
        <Trans>GST of your legs</Trans>
      </Title>
      <Text size="sm">
        {circle.status === 'accepted'
          ? t`These are the GST legs of your two deals in this circle.`
          : t`Under GST each leg is a supply: this is what your two legs would be if all three accepted today.`}
      </Text>
      <MyGst mine={circle.myTax} />
      {give?.tax ? (
        <TaxLegCard leg={give.tax} me={me} dealId={give.dealId ?? ''} title={t`Your supply`} />
      ) : null}
      {get?.tax ? (
        <TaxLegCard leg={get.tax} me={me} dealId={get.dealId ?? ''} title={t`The supply you get`} />
      ) : null}
      <Text size="xs" c="dimmed">
        <Trans>This is not tax advice: check with your accountant before you issue or claim anything.</Trans>
      </Text>
    </Stack>
  );
}

/**
 * `/dashboard/circles/$id`: a circle deal of three as one member sees it (product-spec-3 section 4): the diagram,
 * what it gives and gets (to and from whom, with the reasons), the two counterparties' public cards, and Accept or
 * Decline while the circle table allows them. Phone layout first (one column at 360 px).
 */
export function CirclePage({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const language = usePageLanguage();
  const utils = trpc.useUtils();
  const query = trpc.circles.get.useQuery({ id });
  const onDone = () => {
    void utils.circles.get.invalidate({ id });
    void utils.circles.list.invalidate();
    void utils.deals.list.invalidate();
  };
  const accept = trpc.circles.accept.useMutation({ onSuccess: onDone });
  const decline = trpc.circles.decline.useMutation({ onSuccess: onDone });
  if (query.isPending) return <Skeleton h={400} radius="md" aria-label={t`Loading the circle`} />;
  if (query.isError)
    return (
      <Alert color="red" role="alert" title={t`Circle not available`}>
        {errorMessage(query.error)}
      </Alert>
    );
  const circle = query.data.circle;
  const me = circle.members.find((m) => m.isYou);
  const give = circle.legs.find((l) => l.direction === 'give');
  const get = circle.legs.find((l) => l.direction === 'get');
  const byId = new Map(circle.members.map((m) => [m._id, m]));
  const busy = accept.isPending || decline.isPending;
  const failure = accept.error ?? decline.error;
  return (
    <Stack gap="md" maw={640}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} fz="h2">
          {t`Circle deal ${circleNumber(circle.number)}`}
        </Title>
        <Badge color={CIRCLE_STATUS_COLORS[circle.status]} variant="light">
          {i18n._(CIRCLE_STATUS_LABELS[circle.status])}
        </Badge>
      </Group>
      {circle.preparedBy ? (
        <Text size="sm" fw={600} c="teal">
          {circle.preparedBy}
        </Text>
      ) : null}
      <Text size="sm">
        {circle.status === 'proposed'
          ? t`Three businesses, each giving one listing to the next. Nothing binds until all three accept, by ${formatDateTime(circle.expiresAt, language)}.`
          : t`Three businesses, each giving one listing to the next. Nothing binds until all three accept.`}{' '}
        {t`${circle.acceptedCount} of 3 accepted.`}
      </Text>
      <CircleDiagram
        nodes={circle.members.map((m) => ({ id: m._id, label: m.companyName, isYou: m.isYou }))}
      />
      {give && byId.get(give.receiverId) ? (
        <LegCard
          leg={give}
          title={t`You give`}
          other={byId.get(give.receiverId)!}
          otherRole={t`receives it`}
        />
      ) : null}
      {get && byId.get(get.giverId) ? (
        <LegCard leg={get} title={t`You get`} other={byId.get(get.giverId)!} otherRole={t`gives it`} />
      ) : null}
      {me ? <CircleGst circle={circle} me={me._id} /> : null}
      {circle.spreadInr > 0 ? (
        <Text size="sm" c="dimmed">
          {t`The three values differ by up to ${formatInr(circle.spreadInr)}: settle it outside BarterAds or waive it.`}
        </Text>
      ) : null}
      {circle.status === 'lapsed' ? (
        <Alert color="gray" title={t`This circle lapsed`}>
          {circle.lapseReason === 'declined'
            ? t`One of the three declined, so it lapsed for everyone. Nothing was agreed.`
            : t`Not all three accepted within 72 hours, so it lapsed for everyone. Nothing was agreed.`}
        </Alert>
      ) : null}
      {circle.status === 'accepted' ? (
        <Alert color="green" title={t`All three accepted`}>
          <Trans>
            Your two deals are created: deliver what you give and confirm what you get, as in any deal.
          </Trans>
        </Alert>
      ) : null}
      {me && circle.myAcceptance === 'accepted' && circle.status === 'proposed' ? (
        <Alert color="blue">{t`You accepted. Waiting for the other ${3 - circle.acceptedCount}.`}</Alert>
      ) : null}
      {failure ? (
        <Alert color="red" role="alert" title={t`Not done`}>
          {errorMessage(failure)}
        </Alert>
      ) : null}
      {circle.actions.length > 0 ? (
        <Group grow>
          {circle.actions.includes('accept') ? (
            <Button loading={accept.isPending} disabled={busy} onClick={() => accept.mutate({ id })}>
              <Trans>Accept</Trans>
            </Button>
          ) : null}
          {circle.actions.includes('decline') ? (
            <Button
              variant="default"
              color="red"
              loading={decline.isPending}
              disabled={busy}
              onClick={() => decline.mutate({ id })}
            >
              <Trans>Decline</Trans>
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
