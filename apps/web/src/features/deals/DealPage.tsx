import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import {
  DEAL_LIMITS,
  DEAL_MESSAGES,
  type DealItemUnit,
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_REASON_LABELS,
  type DisputeOutcome,
  type DisputeReason,
  possessive,
  sameTerms,
} from '@barterads/core';
import type { DealItemFormValues } from '@barterads/core/forms';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ConfirmDialog, useDiscardGuard } from '../../components/ConfirmDialog';
import { FormLoading } from '../../components/FormLoading';
import { useCoreText, useFormatDate, usePageLanguage } from '../../i18n/core-text';
import { useSessionUser } from '../accounts/session';
import { formatInr } from '../listings/format';
import { DealWhatsappOptIn } from '../whatsapp/DealWhatsappOptIn';
import { DealReviews } from './DealReviews';
import { Deliverables } from './Deliverables';
import {
  DEAL_STATUS_COLORS,
  DEAL_STATUS_LABELS,
  formatDateTime as formatDealDateTime,
  useQuantityText,
} from './format';
import { DEFAULT_OPEN_DAYS, givableListings, toApiItems } from './offer-items';
import { TaxSection } from './TaxSection';
import { usePayCommission } from './usePayCommission';

// The counter form loads when Counter is pressed (the deal page's JS budget).
const DealOfferForm = lazy(() => import('./DealOfferForm').then((m) => ({ default: m.DealOfferForm })));

/** A phone's action button: as wide as its label, growing to fill the row it wraps onto. */
const PHONE_BUTTON = { flex: '1 1 auto' } as const;

/** Element Timing of the deal's heading: when the deal was painted (the slow-network browser test reads it). */
const DEAL_HEADING_TIMING: Record<string, string> = { elementtiming: 'deal-heading' };

type DealPageData = RouterOutputs['deals']['get'];
type Deal = DealPageData['deal'];
type Item = Deal['items'][number];

/** A compact key of an item, to mark what changed between versions. */
const itemKey = (item: Item) =>
  [item.giverId, item.title, item.quantity, item.unit, item.startDate, item.endDate, item.valueInr].join('|');

function ItemList({ items, changed }: { items: Item[]; changed?: Set<string> }) {
  const { t } = useLingui();
  const formatDate = useFormatDate();
  const quantityText = useQuantityText();
  return (
    <Stack gap={4}>
      {items.map((item) => (
        <Group key={item._id} justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0}>
            <Text size="sm" fw={changed?.has(itemKey(item)) ? 700 : undefined}>
              <span translate="no">{item.title}</span>
              {changed?.has(itemKey(item)) ? (
                // A span: a Badge's own div inside the paragraph is invalid HTML, which the server-rendered page
                // (member-pages.ts) would not hydrate.
                <Badge size="xs" ml={6} color="yellow" component="span">
                  <Trans>changed</Trans>
                </Badge>
              ) : null}
            </Text>
            <Text size="xs" c="dimmed">
              {quantityText(item.quantity, item.unit)}
              {item.startDate || item.endDate
                ? ` · ${t`${item.startDate ? formatDate(item.startDate) : '…'} to ${item.endDate ? formatDate(item.endDate) : '…'}`}`
                : ''}
            </Text>
          </Stack>
          <Text size="sm">{formatInr(item.valueInr)}</Text>
        </Group>
      ))}
    </Stack>
  );
}

function toFormItem(item: Item): DealItemFormValues {
  return {
    listingId: item.listingId ?? '',
    title: item.title,
    quantity: item.quantity,
    unit: item.unit as DealItemUnit,
    startDate: item.startDate ?? '',
    endDate: item.endDate ?? '',
    valueInr: item.valueInr,
  };
}

type TimelineEvent = DealPageData['timeline'][number];

/** A delivery event of the timeline as the viewer reads it (the system's own events without an actor). */
function deliveryEventText(
  i18n: I18n,
  core: (english: string) => string,
  event: TimelineEvent,
  items: Item[],
  me: string,
  otherName: string,
): string {
  const title = items.find((i) => i._id === event.itemId)?.title ?? i18n._(msg`an item`);
  const by = event.actorId === me ? i18n._(msg`you`) : otherName;
  const note = event.note ? `: ${event.note}` : '';
  switch (event.kind) {
    case 'delivered':
      return i18n._(msg`"${title}" delivered by ${by}`) + note;
    case 'accepted':
      return i18n._(msg`"${title}" accepted by ${by}`);
    case 'disputed': {
      // The note is `<reason>: <details>`.
      const [reason, ...details] = (event.note ?? '').split(': ');
      const english = DISPUTE_REASON_LABELS[reason as DisputeReason] ?? reason;
      const label = english ? core(english) : '';
      return `${i18n._(msg`"${title}" disputed by ${by}`)}${label ? ` (${label.toLowerCase()})` : ''}${details.length ? `: ${details.join(': ')}` : ''}`;
    }
    case 'auto_accepted':
      return i18n._(msg`"${title}" accepted automatically (no answer within 7 days of delivery)`);
    default: {
      const outcome = event.kind.replace(/^resolved_/, '');
      const label = core(
        outcome in DISPUTE_OUTCOME_LABELS ? DISPUTE_OUTCOME_LABELS[outcome as DisputeOutcome] : outcome,
      );
      return i18n._(msg`Admin decided the dispute about "${title}": ${label.toLowerCase()}`) + note;
    }
  }
}

/** `/dashboard/deals/$id`: items per side with totals and the difference, the actions of whose turn it is, every
 * version with what changed, the timeline and the letter. Phone layout first. */
export function DealPage({ id, dialog }: { id: string; dialog?: 'accept' }) {
  const { t, i18n } = useLingui();
  const core = useCoreText();
  const language = usePageLanguage();
  const formatDateTime = (iso: string) => formatDealDateTime(iso, language);
  const { user } = useSessionUser();
  const utils = trpc.useUtils();
  const page = trpc.deals.get.useQuery({ id }, { retry: false });
  // The Tax section's answer is asked for with the deal's, not after it, and the page shows once both are in: the
  // section stands above the actions, and arriving later (a skeleton of 120 px, then hundreds) it pushed Accept
  // down under a finger about to tap it. Anyone but the deal's parties gets 404 for it (and no section).
  const tax = trpc.tax.preview.useQuery({ id }, { retry: false });
  const mine = trpc.listings.mine.useQuery(undefined, { enabled: Boolean(user) });
  const phone = useMediaQuery('(max-width: 36em)');
  const [countering, setCountering] = useState(false);
  const [counterDirty, setCounterDirty] = useState(false);
  // A counter with the current terms again changes nothing: the form says so and offers Accept instead.
  const [unchanged, setUnchanged] = useState(false);
  const closeCounter = () => {
    setCountering(false);
    setUnchanged(false);
    setCounterDirty(false);
  };
  const counterGuard = useDiscardGuard(counterDirty, closeCounter, t`Discard this counter?`);
  const [confirmingAccept, setConfirmingAccept] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const done = {
    onSuccess: async () => {
      closeCounter();
      setConfirmingAccept(false);
      setDeclining(false);
      await Promise.all([utils.deals.get.invalidate({ id }), utils.deals.list.invalidate()]);
    },
  };
  const accept = trpc.deals.accept.useMutation({ ...done, onError: () => setConfirmingAccept(false) });
  const decline = trpc.deals.decline.useMutation(done);
  const withdraw = trpc.deals.withdraw.useMutation(done);
  const counter = trpc.deals.counter.useMutation(done);
  const failed = accept.error ?? decline.error ?? withdraw.error;
  const commission = usePayCommission(id);
  // A WhatsApp Accept (`?dialog=accept`) opens the accept dialog once, when accepting is the viewer's to do: it
  // shows the terms and waits for the member's own confirmation.
  const [dialogOpened, setDialogOpened] = useState(false);
  const acceptable = page.data?.deal.actions.includes('accept') ?? false;
  useEffect(() => {
    if (dialog !== 'accept' || dialogOpened || !acceptable) return;
    setDialogOpened(true);
    setConfirmingAccept(true);
  }, [dialog, dialogOpened, acceptable]);

  const isParty =
    user !== null &&
    user !== undefined &&
    page.data !== undefined &&
    [page.data.deal.proposer._id, page.data.deal.counterparty._id].includes(user._id);
  // A party's page shows once its Tax section and the payment settings are in too: both draw above the actions and
  // the deal letter's link, and arriving later they pushed them down under a finger about to tap.
  if (page.isPending || !user || (isParty && (tax.isPending || commission.pending)))
    return (
      <Stack aria-label={t`Loading the deal`}>
        <Skeleton height={32} width="60%" />
        <Skeleton height={160} />
        <Skeleton height={160} />
      </Stack>
    );
  if (page.isError)
    return (
      <Alert color="red" title={t`Could not load this deal`}>
        {errorMessage(page.error)}
        <Anchor component={Link} to="/dashboard/deals" display="block" mt="xs">
          <Trans>Back to your deals</Trans>
        </Anchor>
      </Alert>
    );

  const { deal, versions, timeline } = page.data;
  const me = user._id;
  const other = deal.proposer._id === me ? deal.counterparty : deal.proposer;
  const otherName = other.companyName ?? other.name;
  // What the viewer may do comes from the server (the deal table in packages/core): no rule is repeated here.
  const can = (action: Deal['actions'][number]) => deal.actions.includes(action);
  const myTurn = can('accept');
  const iGet = deal.items.filter((i) => i.giverId === other._id);
  const iGive = deal.items.filter((i) => i.giverId === me);
  const youGet = deal.totals[me] ?? 0;
  const youGive = deal.totals[other._id] ?? 0;
  const myCommission = deal.commission[me];

  return (
    <Stack>
      <Anchor component={Link} to="/dashboard/deals" size="sm">
        ← <Trans>All deals</Trans>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} fz="h2" {...DEAL_HEADING_TIMING}>
            <Trans>
              Deal with <span translate="no">{otherName}</span>
            </Trans>
          </Title>
          <Text size="sm" c="dimmed">
            {deal.number ?? t`Version ${deal.version} of at most ${DEAL_LIMITS.maxVersions}`}
            {other.verified ? ` · ${t`GST verified`}` : ''}
          </Text>
        </Stack>
        <Badge size="lg" color={DEAL_STATUS_COLORS[deal.status]} variant="light">
          {i18n._(DEAL_STATUS_LABELS[deal.status])}
        </Badge>
      </Group>

      {deal.conversationId && isParty ? (
        <Link to="/dashboard/messages" search={{ c: deal.conversationId }}>
          <Trans>Open the deal's conversation in Messages</Trans>
        </Link>
      ) : null}
      {deal.preparedBy ? (
        <Text size="sm" fw={600} c="teal">
          {deal.preparedBy}
        </Text>
      ) : null}
      {deal.draftAcceptedBy ? (
        <Text size="sm">
          {t`The trade desk prepared this deal for both of you: it binds once each of you has accepted it.`}{' '}
          {deal.draftAcceptedBy.includes(me)
            ? t`You accepted it.`
            : deal.draftAcceptedBy.includes(other._id)
              ? t`${otherName} accepted it.`
              : ''}
        </Text>
      ) : null}
      {deal.status === 'proposed' ? (
        <Alert color={myTurn ? 'blue' : 'gray'}>
          {myTurn ? t`Your answer is awaited.` : t`Waiting for ${otherName}.`}{' '}
          {t`The offer closes ${formatDateTime(deal.expiresAt)}.`}
        </Alert>
      ) : null}
      {failed ? (
        <Alert color="red" role="alert">
          {errorMessage(failed)}
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="sm" aria-label={t`You get`}>
          <Title order={2} size="h5" mb="xs">
            {t`You get (${otherName} gives)`}
          </Title>
          <ItemList items={iGet} />
          <Text fw={600} mt="xs">
            {t`Total ${formatInr(youGet)}`}
          </Text>
        </Card>
        <Card withBorder padding="sm" aria-label={t`You give`}>
          <Title order={2} size="h5" mb="xs">
            <Trans>You give</Trans>
          </Title>
          <ItemList items={iGive} />
          <Text fw={600} mt="xs">
            {t`Total ${formatInr(youGive)}`}
          </Text>
        </Card>
      </SimpleGrid>
      <Text size="sm">
        {youGet === youGive
          ? t`Difference: ${formatInr(0)}`
          : youGet > youGive
            ? t`Difference: ${formatInr(youGet - youGive)} in your favour`
            : language === 'en'
              ? `Difference: ${formatInr(youGive - youGet)} in ${possessive(otherName)} favour`
              : t`Difference: ${formatInr(youGive - youGet)} in favour of ${otherName}`}
      </Text>

      {isParty ? <TaxSection dealId={deal._id} me={me} otherName={otherName} /> : null}

      {myTurn ? (
        // On a phone the buttons share the row by their labels' widths and wrap rather than cut a longer Hindi or
        // Marathi label (a grown group gives each a third of 360 px).
        <Group gap="xs" wrap="wrap">
          <Button
            loading={accept.isPending}
            onClick={() => setConfirmingAccept(true)}
            style={phone ? PHONE_BUTTON : undefined}
          >
            {t`Accept version ${deal.version}`}
          </Button>
          {can('counter') ? (
            <Button
              variant="light"
              onClick={() => setCountering(true)}
              style={phone ? PHONE_BUTTON : undefined}
            >
              <Trans>Counter</Trans>
            </Button>
          ) : null}
          <Button
            variant="default"
            color="red"
            onClick={() => setDeclining(true)}
            style={phone ? PHONE_BUTTON : undefined}
          >
            <Trans>Decline</Trans>
          </Button>
        </Group>
      ) : null}
      {can('withdraw') ? (
        <Group>
          <Button variant="default" loading={withdraw.isPending} onClick={() => withdraw.mutate({ id })}>
            <Trans>Withdraw my offer</Trans>
          </Button>
        </Group>
      ) : null}

      {deal.acceptedAt ? (
        <Card withBorder padding="sm" aria-label={t`Letter and commission`}>
          <Stack gap={4}>
            <Text>
              {t`Accepted ${formatDateTime(deal.acceptedAt)}`} · {deal.number}
            </Text>
            {myCommission ? (
              <Text size="sm">
                {t`Your commission: ${formatInr(myCommission.amountInr)} (${Math.round(myCommission.rate * 1000) / 10}% of the value you receive)`}{' '}
                · {myCommission.paid ? t`paid` : t`unpaid`}
              </Text>
            ) : null}
            {myCommission && can('pay_commission') && commission.enabled ? (
              <>
                <Button loading={commission.busy} onClick={() => void commission.pay()}>
                  {t`Pay commission ${formatInr(myCommission.amountInr)}`}
                </Button>
                {commission.problem && !commission.busy ? (
                  <Alert color="red" title={commission.problem.title} role="alert">
                    {commission.problem.message}
                  </Alert>
                ) : null}
              </>
            ) : null}
            <Button component="a" href={`/api/deals/${deal._id}/letter.pdf`} variant="light" download>
              <Trans>Download the deal letter (PDF)</Trans>
            </Button>
          </Stack>
        </Card>
      ) : null}

      {deal.acceptedAt && isParty ? <Deliverables deal={deal} me={me} otherName={otherName} /> : null}
      {deal.status === 'completed' && isParty ? (
        <DealReviews dealId={deal._id} otherName={otherName} />
      ) : null}

      {isParty ? <DealWhatsappOptIn /> : null}

      <Title order={2} size="h4">
        <Trans>Versions</Trans>
      </Title>
      <Stack gap="sm" aria-label={t`Versions`}>
        {[...versions].reverse().map((version) => {
          const previous = versions.find((v) => v.version === version.version - 1);
          const before = new Set(previous?.items.map(itemKey) ?? []);
          const changed = new Set(
            previous ? version.items.map(itemKey).filter((key) => !before.has(key)) : [],
          );
          const author = version.authorId === me ? t`You` : otherName;
          return (
            <Card key={version.version} withBorder padding="sm">
              <Text fw={600}>
                {t`Version ${version.version}`} · {author} · {formatDateTime(version.createdAt)}
              </Text>
              {version.message ? (
                <Text size="sm" fs="italic" my={4} style={{ whiteSpace: 'pre-line' }} translate="no">
                  “{version.message}”
                </Text>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    <Trans>You get</Trans> · {formatInr(version.totals[me] ?? 0)}
                  </Text>
                  <ItemList items={version.items.filter((i) => i.giverId === other._id)} changed={changed} />
                </Stack>
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    <Trans>You give</Trans> · {formatInr(version.totals[other._id] ?? 0)}
                  </Text>
                  <ItemList items={version.items.filter((i) => i.giverId === me)} changed={changed} />
                </Stack>
              </SimpleGrid>
            </Card>
          );
        })}
      </Stack>

      <Title order={2} size="h4">
        <Trans>Timeline</Trans>
      </Title>
      <Stack gap={2} aria-label={t`Timeline`}>
        {versions.map((v) => (
          <Text size="sm" key={v.version}>
            {formatDateTime(v.createdAt)}:{' '}
            {v.version === 1
              ? t`proposed by ${v.authorId === me ? t`you` : otherName}`
              : t`version ${v.version} countered by ${v.authorId === me ? t`you` : otherName}`}
          </Text>
        ))}
        {deal.acceptedAt ? (
          <Text size="sm">
            {formatDateTime(deal.acceptedAt)}: {t`accepted by ${deal.acceptedBy === me ? t`you` : otherName}`}
          </Text>
        ) : null}
        {deal.status === 'declined' ? (
          <Text size="sm">
            <Trans>Declined</Trans>
            {deal.declineReason ? `: ${deal.declineReason}` : ''}
          </Text>
        ) : null}
        {deal.status === 'withdrawn' ? (
          <Text size="sm">
            <Trans>Withdrawn</Trans>
          </Text>
        ) : null}
        {deal.status === 'expired' ? (
          <Text size="sm">{t`Expired ${formatDateTime(deal.expiresAt)}`}</Text>
        ) : null}
        {timeline.map((event) => (
          <Text size="sm" key={`${event.at}-${event.kind}-${event.itemId}`}>
            {formatDateTime(event.at)}: {deliveryEventText(i18n, core, event, deal.items, me, otherName)}
          </Text>
        ))}
      </Stack>

      <ConfirmDialog
        opened={confirmingAccept}
        title={t`Accept version ${deal.version}?`}
        confirmLabel={t`Accept version ${deal.version}`}
        loading={accept.isPending}
        onCancel={() => setConfirmingAccept(false)}
        onConfirm={() => accept.mutate({ id, version: deal.version })}
      >
        <Text size="sm">
          {t`You get ${formatInr(youGet)} and give ${formatInr(youGive)}. Accepting fixes these terms: the deal gets its number and letter, each side owes what it gives, and your plan's commission on what you receive is due.`}
        </Text>
      </ConfirmDialog>
      <Modal
        opened={countering}
        onClose={counterGuard.requestClose}
        title={t`Counter`}
        size="lg"
        fullScreen={phone}
      >
        {counterGuard.dialog}
        <Suspense fallback={<FormLoading />}>
          <DealOfferForm
            initial={{
              get: iGet.map(toFormItem),
              give: iGive.map(toFormItem),
              openDays: DEFAULT_OPEN_DAYS,
              message: '',
            }}
            myListings={givableListings(mine.data?.barters ?? [])}
            otherName={otherName}
            submitLabel={t`Send version ${deal.version + 1}`}
            busy={counter.isPending}
            error={
              unchanged
                ? core(DEAL_MESSAGES.counterUnchanged)
                : counter.error
                  ? errorMessage(counter.error)
                  : null
            }
            errorAction={
              unchanged ? (
                <Button
                  size="xs"
                  mt="xs"
                  display="block"
                  onClick={() => {
                    closeCounter();
                    setConfirmingAccept(true);
                  }}
                >
                  {t`Accept version ${deal.version} instead`}
                </Button>
              ) : null
            }
            onCancel={counterGuard.requestClose}
            onDirtyChange={setCounterDirty}
            onSubmit={(values) => {
              const items = toApiItems(values, me, other._id);
              if (sameTerms(deal.items, items)) {
                setUnchanged(true);
                return;
              }
              setUnchanged(false);
              counter.mutate({
                id,
                items,
                message: values.message || undefined,
                openDays: Number(values.openDays),
              });
            }}
          />
        </Suspense>
      </Modal>
      <Modal opened={declining} onClose={() => setDeclining(false)} title={t`Decline this offer`}>
        <Stack>
          <Textarea
            label={t`Reason (optional)`}
            value={reason}
            maxLength={DEAL_LIMITS.reasonMax}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeclining(false)}>
              <Trans>Keep it open</Trans>
            </Button>
            <Button
              color="red"
              loading={decline.isPending}
              onClick={() => decline.mutate({ id, reason: reason || undefined })}
            >
              <Trans>Decline</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
