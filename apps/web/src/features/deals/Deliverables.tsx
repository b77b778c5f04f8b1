import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import {
  DELIVERY_LIMITS,
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  type DisputeReason,
  MEDIA_CATEGORIES,
  possessive,
  proofKindsFor,
} from '@barterads/core';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Image,
  List,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCoreText, usePageLanguage } from '../../i18n/core-text';
import { postDisputeEvidence, useDeliver } from './deliver';
import { formatDateTime as formatDealDateTime } from './format';

type Deal = RouterOutputs['deals']['get']['deal'];
type Item = Deal['items'][number];
type Deliverable = NonNullable<Item['deliverable']>;

const STATUS_LABELS = {
  pending: msg`Awaiting delivery`,
  delivered: msg`Delivered, awaiting confirmation`,
  accepted: msg`Accepted`,
  disputed: msg`Disputed`,
} as const;
const STATUS_COLORS: Record<string, string> = {
  pending: 'gray',
  delivered: 'blue',
  accepted: 'green',
  disputed: 'orange',
};

/** What the deliverable awaits, and from whom, as the viewer reads it. */
function awaits(
  i18n: I18n,
  d: Deliverable,
  giverIsMe: boolean,
  receiverIsMe: boolean,
  otherName: string,
): string {
  const language = i18n.locale === 'hi' || i18n.locale === 'mr' ? i18n.locale : 'en';
  const formatDateTime = (iso: string) => formatDealDateTime(iso, language);
  switch (d.status) {
    case 'pending':
      return giverIsMe
        ? i18n._(msg`Awaits your delivery with proof.`)
        : i18n._(msg`Awaits delivery by ${otherName}.`);
    case 'delivered': {
      if (receiverIsMe) {
        const by = d.autoAcceptAt ? formatDateTime(d.autoAcceptAt) : i18n._(msg`the 7th day`);
        return i18n._(
          msg`Awaits your confirmation: accept or dispute by ${by} (accepted automatically after).`,
        );
      }
      const when = d.autoAcceptAt ? formatDateTime(d.autoAcceptAt) : i18n._(msg`after 7 days`);
      return language === 'en'
        ? `Awaits ${possessive(otherName)} confirmation (accepted automatically ${when}).`
        : i18n._(msg`Awaits confirmation by ${otherName} (accepted automatically ${when}).`);
    }
    case 'disputed':
      return i18n._(msg`An admin will decide from the proof; you can still settle it in the thread.`);
    default:
      return d.autoAccepted ? i18n._(msg`Accepted automatically after 7 days.`) : i18n._(msg`Accepted.`);
  }
}

type ProofFile = Deliverable['proof'][number];

/** A grid of files: photos as thumbnails, PDFs as links (each opened through its authorized address). */
function Files({ files, label, kind }: { files: ProofFile[]; label: string; kind: 'proof' | 'evidence' }) {
  const { t } = useLingui();
  // Each photo named for what it is, so a screen reader tells the giver's proof from a dispute's evidence.
  const alt = (filename: string) =>
    kind === 'proof' ? t`Proof photo ${filename}` : t`Evidence photo ${filename}`;
  return (
    <SimpleGrid cols={{ base: 3, sm: 5 }} spacing={6} aria-label={label}>
      {files.map((p) =>
        p.kind === 'photo' ? (
          <a key={p._id} href={p.url} target="_blank" rel="noreferrer">
            <Image src={p.url} alt={alt(p.filename)} radius="sm" h={80} fit="cover" />
          </a>
        ) : (
          <Anchor key={p._id} href={p.url} target="_blank" size="sm">
            {p.filename} (PDF)
          </Anchor>
        ),
      )}
    </SimpleGrid>
  );
}

function Proof({ d }: { d: Deliverable }) {
  const { t } = useLingui();
  if (d.proof.length === 0 && !d.link && !d.note) return null;
  return (
    <Stack gap={4}>
      {d.note ? (
        <Text size="sm">
          {t`Note:`} <span translate="no">{d.note}</span>
        </Text>
      ) : null}
      {d.link ? (
        <Anchor href={d.link} target="_blank" rel="noopener noreferrer nofollow" size="sm">
          {d.link}
        </Anchor>
      ) : null}
      {d.proof.length > 0 ? <Files files={d.proof} label={t`Proof files`} kind="proof" /> : null}
    </Stack>
  );
}

function DeliverForm({
  dealId,
  item,
  category,
  onDone,
}: {
  dealId: string;
  item: Item;
  category: string | null;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const core = useCoreText();
  const deliver = useDeliver();
  const [photos, setPhotos] = useState<File[]>([]);
  const [docs, setDocs] = useState<File[]>([]);
  const [note, setNote] = useState('');
  const [link, setLink] = useState('');
  const files = [...photos, ...docs];
  const categoryTitle = MEDIA_CATEGORIES.find((c) => c.id === category)?.title;
  const tooMany = files.length > DELIVERY_LIMITS.maxProofFiles;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        deliver.mutate({ dealId, itemId: item._id, files, note, link }, { onSuccess: onDone });
      }}
    >
      <Stack gap="xs">
        <Stack gap={2} aria-label={t`Suggested proof`}>
          <Text size="sm" fw={600}>
            {categoryTitle ? t`Suggested proof for ${core(categoryTitle)}` : t`Suggested proof`}
          </Text>
          <List size="sm" c="dimmed">
            {proofKindsFor(category).map((kind) => (
              <List.Item key={kind}>{kind}</List.Item>
            ))}
          </List>
        </Stack>
        <FileInput
          label={t`Photos (take them with your phone's camera)`}
          placeholder={t`Take or choose photos`}
          multiple
          clearable
          accept="image/*"
          capture="environment"
          value={photos}
          onChange={setPhotos}
        />
        <FileInput
          label={t`PDF documents (reports, logs)`}
          placeholder={t`Choose PDFs`}
          multiple
          clearable
          accept="application/pdf"
          value={docs}
          onChange={setDocs}
        />
        <TextInput
          label={t`Link (optional)`}
          placeholder="https://"
          value={link}
          onChange={(e) => setLink(e.currentTarget.value)}
        />
        <Textarea
          label={t`Note (optional)`}
          autosize
          minRows={2}
          maxLength={DELIVERY_LIMITS.noteMax}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {tooMany ? (
          <Alert color="red" role="alert">
            {t`Attach at most ${DELIVERY_LIMITS.maxProofFiles} files.`}
          </Alert>
        ) : null}
        {deliver.error ? (
          <Alert color="red" role="alert">
            {deliver.error.message}
          </Alert>
        ) : null}
        <Button
          type="submit"
          loading={deliver.isPending}
          disabled={tooMany || (files.length === 0 && !link.trim())}
        >
          <Trans>Mark delivered</Trans>
        </Button>
      </Stack>
    </form>
  );
}

function DisputeForm({ dealId, item, onDone }: { dealId: string; item: Item; onDone: () => void }) {
  const { t } = useLingui();
  const core = useCoreText();
  const utils = trpc.useUtils();
  const [reason, setReason] = useState<DisputeReason | null>(null);
  const [details, setDetails] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [evidenceError, setEvidenceError] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([utils.deals.get.invalidate({ id: dealId }), utils.deals.list.invalidate()]);
  const dispute = trpc.deals.dispute.useMutation();
  const tooMany = files.length > DELIVERY_LIMITS.maxProofFiles;
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason) return;
    setBusy(true);
    setEvidenceError(null);
    try {
      // The dispute first (its row is the contract's JSON one), then its evidence (an upload row).
      await dispute.mutateAsync({ id: dealId, itemId: item._id, reason, details });
      if (files.length > 0) {
        try {
          await postDisputeEvidence(dealId, item._id, files);
        } catch (error) {
          setEvidenceError(
            t`The dispute is open, but the evidence was not added: ${error instanceof Error ? error.message : ''}`,
          );
          await refresh();
          return;
        }
      }
      await refresh();
      onDone();
    } catch {
      // dispute.error says why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="xs">
        <Select
          label={t`Reason`}
          required
          data={DISPUTE_REASONS.map((r) => ({ value: r, label: core(DISPUTE_REASON_LABELS[r]) }))}
          value={reason}
          onChange={(v) => setReason(v as DisputeReason | null)}
        />
        <Textarea
          label={t`What is wrong (what you expected)`}
          required
          autosize
          minRows={3}
          maxLength={DELIVERY_LIMITS.disputeDetailsMax}
          value={details}
          onChange={(e) => setDetails(e.currentTarget.value)}
        />
        <FileInput
          label={t`Evidence: photos or PDFs (optional, up to 10)`}
          placeholder={t`Take or choose photos, or PDFs`}
          multiple
          clearable
          accept="image/*,application/pdf"
          value={files}
          onChange={setFiles}
        />
        {tooMany ? (
          <Alert color="red" role="alert">
            {t`Attach at most ${DELIVERY_LIMITS.maxProofFiles} files.`}
          </Alert>
        ) : null}
        {dispute.error ? (
          <Alert color="red" role="alert">
            {errorMessage(dispute.error)}
          </Alert>
        ) : null}
        {evidenceError ? (
          <Alert color="orange" role="alert">
            {evidenceError}
          </Alert>
        ) : null}
        <Button
          type="submit"
          color="orange"
          loading={busy}
          disabled={!reason || !details.trim() || tooMany || evidenceError !== null}
        >
          <Trans>Open the dispute</Trans>
        </Button>
      </Stack>
    </form>
  );
}

/** The deal page's deliverables: each item's state, what awaits whom, its proof and the actions of the viewer. */
export function Deliverables({ deal, me, otherName }: { deal: Deal; me: string; otherName: string }) {
  const { t, i18n } = useLingui();
  const core = useCoreText();
  const language = usePageLanguage();
  const formatDateTime = (iso: string) => formatDealDateTime(iso, language);
  const utils = trpc.useUtils();
  const [delivering, setDelivering] = useState<Item | null>(null);
  const [disputing, setDisputing] = useState<Item | null>(null);
  const [accepting, setAccepting] = useState<Item | null>(null);
  const accept = trpc.deals.acceptDelivery.useMutation({
    onSuccess: async () => {
      setAccepting(null);
      await Promise.all([utils.deals.get.invalidate({ id: deal._id }), utils.deals.list.invalidate()]);
    },
    onError: () => setAccepting(null),
  });
  // The giver's own listings name an item's category (the one you deliver is always yours); needed only while the
  // viewer has something to deliver (the server's `actions`, from the deliverable table in packages/core).
  const mine = trpc.listings.mine.useQuery(undefined, { enabled: deal.actions.includes('deliver') });
  const categoryOf = (item: Item): string | null => {
    const listingId = item.listingId ?? deal.listingId;
    return mine.data?.barters.find((b) => b._id === listingId)?.category ?? null;
  };
  return (
    <Stack gap="sm" aria-label={t`Deliverables`}>
      <Title order={2} size="h4">
        <Trans>Deliverables</Trans>
      </Title>
      {accept.error ? (
        <Alert color="red" role="alert">
          {errorMessage(accept.error)}
        </Alert>
      ) : null}
      {deal.items.map((item) => {
        const d = item.deliverable;
        if (!d) return null;
        const giverIsMe = item.giverId === me;
        const receiverIsMe = !giverIsMe;
        return (
          <Card key={item._id} withBorder padding="sm" aria-label={t`Deliverable: ${item.title}`}>
            <Stack gap={6}>
              {/* On a phone the badge goes under the title when both do not fit on one line (never squeezing it). */}
              <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
                <Stack gap={0} style={{ flex: '1 1 10rem', minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }} translate="no">
                    {item.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {giverIsMe ? t`You give` : t`${otherName} gives`}
                    {d.deliveredAt ? ` · ${t`delivered ${formatDateTime(d.deliveredAt)}`}` : ''}
                  </Text>
                </Stack>
                <Badge
                  color={STATUS_COLORS[d.status] ?? 'gray'}
                  variant="light"
                  maw="100%"
                  styles={{
                    root: { height: 'auto', minWidth: 0 },
                    label: { whiteSpace: 'normal', overflow: 'visible' },
                  }}
                >
                  {d.status in STATUS_LABELS
                    ? i18n._(STATUS_LABELS[d.status as keyof typeof STATUS_LABELS])
                    : d.status}
                </Badge>
              </Group>
              <Text size="sm">{awaits(i18n, d, giverIsMe, receiverIsMe, otherName)}</Text>
              {d.status === 'disputed' && d.disputeReason ? (
                <Text size="sm" c="orange">
                  {t`Dispute:`}{' '}
                  {core(DISPUTE_REASON_LABELS[d.disputeReason as DisputeReason] ?? d.disputeReason)}
                  {d.disputeDetails ? ` — ${d.disputeDetails}` : ''}
                </Text>
              ) : null}
              {d.resolutionNote ? (
                <Text size="sm">
                  {t`Admin's note:`} <span translate="no">{d.resolutionNote}</span>
                </Text>
              ) : null}
              <Proof d={d} />
              {d.evidence.length > 0 ? (
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    <Trans>Dispute evidence</Trans>
                  </Text>
                  <Files files={d.evidence} label={t`Dispute evidence`} kind="evidence" />
                </Stack>
              ) : null}
              {d.actions.includes('deliver') ? (
                <Button onClick={() => setDelivering(item)}>
                  <Trans>Mark delivered with proof</Trans>
                </Button>
              ) : null}
              {d.actions.includes('accept_delivery') || d.actions.includes('dispute') ? (
                <Group grow>
                  {d.actions.includes('accept_delivery') ? (
                    <Button onClick={() => setAccepting(item)}>
                      <Trans>Accept delivery</Trans>
                    </Button>
                  ) : null}
                  {d.actions.includes('dispute') ? (
                    <Button variant="default" color="orange" onClick={() => setDisputing(item)}>
                      <Trans>Dispute</Trans>
                    </Button>
                  ) : null}
                </Group>
              ) : null}
            </Stack>
          </Card>
        );
      })}
      <ConfirmDialog
        opened={accepting !== null}
        title={t`Accept this delivery?`}
        confirmLabel={t`Accept delivery`}
        loading={accept.isPending}
        onCancel={() => setAccepting(null)}
        onConfirm={() => accepting && accept.mutate({ id: deal._id, itemId: accepting._id })}
      >
        {t`You confirm that "${accepting?.title ?? ''}" was delivered as agreed. It cannot be disputed afterwards.`}
      </ConfirmDialog>
      <Modal opened={delivering !== null} onClose={() => setDelivering(null)} title={t`Mark delivered`}>
        {delivering ? (
          <DeliverForm
            dealId={deal._id}
            item={delivering}
            category={categoryOf(delivering)}
            onDone={() => setDelivering(null)}
          />
        ) : null}
      </Modal>
      <Modal opened={disputing !== null} onClose={() => setDisputing(null)} title={t`Dispute the delivery`}>
        {disputing ? (
          <DisputeForm dealId={deal._id} item={disputing} onDone={() => setDisputing(null)} />
        ) : null}
      </Modal>
    </Stack>
  );
}
