import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import {
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_OUTCOMES,
  DISPUTE_REASON_LABELS,
  type DisputeOutcome,
  type DisputeReason,
  possessive,
} from '@barterads/core';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../components/QueryState';
import { formatDateTime } from './format';

/** The deal letter, which an admin may download as either party may (the same authorized address). */
const letterHref = (id: string) => `/api/deals/${id}/letter.pdf`;

type RecordData = RouterOutputs['deals']['adminRecord'];
type Item = RecordData['deal']['items'][number];

function Decide({ dealId, item }: { dealId: string; item: Item }) {
  const utils = trpc.useUtils();
  const [outcome, setOutcome] = useState<DisputeOutcome | null>(null);
  const [note, setNote] = useState('');
  const resolve = trpc.deals.adminResolve.useMutation({
    onSuccess: async () => {
      setNote('');
      setOutcome(null);
      await Promise.all([
        utils.deals.adminRecord.invalidate({ id: dealId }),
        utils.deals.adminList.invalidate(),
      ]);
    },
  });
  return (
    <Stack gap={6} aria-label={`Decide the dispute about ${item.title}`}>
      <Select
        label="Outcome"
        required
        data={DISPUTE_OUTCOMES.map((o) => ({ value: o, label: DISPUTE_OUTCOME_LABELS[o] }))}
        value={outcome}
        onChange={(v) => setOutcome(v as DisputeOutcome | null)}
      />
      <Textarea
        label="Note (both parties and the activity log see it)"
        required
        autosize
        minRows={2}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      {resolve.error ? (
        <Alert color="red" role="alert">
          {errorMessage(resolve.error)}
        </Alert>
      ) : null}
      <Button
        color="orange"
        disabled={!outcome || !note.trim()}
        loading={resolve.isPending}
        onClick={() => outcome && resolve.mutate({ id: dealId, itemId: item._id, outcome, note })}
      >
        Decide
      </Button>
    </Stack>
  );
}

type RecordFile = NonNullable<
  RouterOutputs['deals']['adminRecord']['deal']['items'][number]['deliverable']
>['proof'][number];

/** A grid of a deliverable's files: photos as thumbnails, PDFs as links (both through the authorized address). */
function RecordFiles({ files, label }: { files: RecordFile[]; label: string }) {
  const photo = label === 'Proof files' ? 'Proof photo' : 'Evidence photo';
  return (
    <SimpleGrid cols={4} spacing={6} mt={6} aria-label={label}>
      {files.map((p) =>
        p.kind === 'photo' ? (
          <a key={p._id} href={p.url} target="_blank" rel="noreferrer">
            <Image src={p.url} alt={`${photo} ${p.filename}`} h={90} fit="cover" radius="sm" />
          </a>
        ) : (
          <Anchor key={p._id} href={p.url} target="_blank" fz="sm">
            {p.filename}
          </Anchor>
        ),
      )}
    </SimpleGrid>
  );
}

/** A deal's whole record: items with their deliverables and proof, versions, the delivery timeline, the thread. */
function DealRecord({ id }: { id: string }) {
  const record = trpc.deals.adminRecord.useQuery({ id });
  if (record.isPending) return <LoadingState />;
  if (record.isError) return <ErrorState error={record.error} onRetry={() => void record.refetch()} />;
  const { deal, versions, timeline, thread } = record.data;
  const names: { [id: string]: string } = {
    [deal.proposer._id]: deal.proposer.companyName ?? deal.proposer.name,
    [deal.counterparty._id]: deal.counterparty.companyName ?? deal.counterparty.name,
  };
  const titleOf = (itemId: string | null) => deal.items.find((i) => i._id === itemId)?.title ?? 'item';
  return (
    <Stack>
      <Text>
        {deal.number ?? `Version ${deal.version}`} · <Badge variant="light">{deal.status}</Badge>
      </Text>
      <Text fz="sm">
        {names[deal.proposer._id]} (proposer) ↔ {names[deal.counterparty._id]}
      </Text>
      {deal.acceptedAt ? (
        <Anchor href={letterHref(deal._id)} fz="sm" download>
          Download the deal letter (PDF)
        </Anchor>
      ) : null}
      <Title order={3} fz="h5">
        Items
      </Title>
      {deal.items.map((item) => {
        const d = item.deliverable;
        return (
          <Paper key={item._id} withBorder p="sm" aria-label={`Item: ${item.title}`}>
            <Group justify="space-between">
              <Text fw={600}>{item.title}</Text>
              {/* A deal not yet accepted has no deliverables: no state to show. */}
              {d ? <Badge color={d.status === 'disputed' ? 'orange' : 'gray'}>{d.status}</Badge> : null}
            </Group>
            <Text fz="xs" c="dimmed">
              Given by {names[item.giverId]} · ₹{item.valueInr.toLocaleString('en-IN')}
              {d?.deliveredAt ? ` · delivered ${formatDateTime(d.deliveredAt)}` : ''}
            </Text>
            {d?.disputeReason ? (
              <Text fz="sm" c="orange" mt={4}>
                {DISPUTE_REASON_LABELS[d.disputeReason as DisputeReason] ?? d.disputeReason}:{' '}
                {d.disputeDetails}
              </Text>
            ) : null}
            {d?.note ? <Text fz="sm">Giver's note: {d.note}</Text> : null}
            {d?.link ? (
              <Anchor href={d.link} target="_blank" rel="noopener noreferrer nofollow" fz="sm">
                {d.link}
              </Anchor>
            ) : null}
            {d && d.proof.length > 0 ? <RecordFiles files={d.proof} label="Proof files" /> : null}
            {d && d.evidence.length > 0 ? (
              <>
                <Text fz="sm" fw={600} mt={6}>
                  {possessive(
                    names[item.giverId === deal.proposer._id ? deal.counterparty._id : deal.proposer._id] ??
                      '',
                  )}{' '}
                  evidence for the dispute
                </Text>
                <RecordFiles files={d.evidence} label="Dispute evidence" />
              </>
            ) : null}
            {d?.actions.some((a) => a.startsWith('resolve_')) ? (
              <Decide dealId={deal._id} item={item} />
            ) : null}
          </Paper>
        );
      })}
      <Title order={3} fz="h5">
        Timeline
      </Title>
      <Stack gap={2} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Timeline">
        <Text component="li" fz="sm">
          {formatDateTime(deal.createdAt)}: proposed by {names[deal.proposer._id]}
        </Text>
        {deal.acceptedAt ? (
          <Text component="li" fz="sm">
            {formatDateTime(deal.acceptedAt)}: accepted (version {deal.version})
          </Text>
        ) : null}
        {timeline.map((e) => (
          <Text key={`${e.at}-${e.kind}-${e.itemId}`} component="li" fz="sm">
            {formatDateTime(e.at)}: {e.kind.replace(/_/g, ' ')} — {titleOf(e.itemId)}
            {e.actorId ? ` by ${names[e.actorId] ?? 'an admin'}` : ' (automatic)'}
            {e.note ? ` · ${e.note}` : ''}
          </Text>
        ))}
      </Stack>
      <Title order={3} fz="h5">
        Versions ({versions.length})
      </Title>
      {versions.map((v) => (
        <Text key={v.version} fz="sm">
          Version {v.version} by {names[v.authorId]}:{' '}
          {v.items.map((i) => `${i.title} (₹${i.valueInr})`).join(', ')}
          {v.message ? ` — “${v.message}”` : ''}
        </Text>
      ))}
      <Title order={3} fz="h5">
        Thread
      </Title>
      {thread.length === 0 ? <Text fz="sm">No messages.</Text> : null}
      {thread.map((m) => (
        <Text key={`${m.createdAt}-${m.senderId}-${m.body.slice(0, 10)}`} fz="sm">
          <b>{names[m.senderId] ?? 'Someone'}</b> ({formatDateTime(m.createdAt)}): {m.body}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * A deal's record in a drawer: opened from the dispute queue ("Dispute record", with the decision form on each
 * disputed item) and from every row of All deals ("Deal record": what an admin reads before cancelling one).
 */
export function DealRecordDrawer({
  id,
  title,
  onClose,
}: {
  id: string | null;
  title: string;
  onClose: () => void;
}) {
  return (
    <Drawer opened={id !== null} onClose={onClose} title={title} position="right" size="xl">
      {id ? <DealRecord id={id} /> : null}
    </Drawer>
  );
}
