import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import {
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_OUTCOMES,
  DISPUTE_REASON_LABELS,
  type DisputeOutcome,
  type DisputeReason,
  plural,
  possessive,
  REPORT_COUNT,
} from '@barterads/core';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Image,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { formatDateTime } from './format';

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
function DisputeRecord({ id }: { id: string }) {
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
        {deal.number} · <Badge variant="light">{deal.status}</Badge>
      </Text>
      <Title order={3} fz="h5">
        Items
      </Title>
      {deal.items.map((item) => {
        const d = item.deliverable;
        return (
          <Paper key={item._id} withBorder p="sm" aria-label={`Item: ${item.title}`}>
            <Group justify="space-between">
              <Text fw={600}>{item.title}</Text>
              <Badge color={d?.status === 'disputed' ? 'orange' : 'gray'}>{d?.status ?? '—'}</Badge>
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

/** The dispute queue: disputed deals, each opening its whole record with the decision form. */
export function DisputeQueue() {
  const query = trpc.deals.adminList.useQuery({ status: 'disputed', limit: 50 });
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap="xs" aria-label="Dispute queue">
      <Title order={2} fz="h4">
        Dispute queue
      </Title>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.deals.length === 0 ? (
        <EmptyState>No disputes</EmptyState>
      ) : (
        query.data.deals.map((deal) => (
          <Paper key={deal._id} withBorder p="sm">
            <Group justify="space-between">
              <Text fz="sm" fw={500}>
                {deal.number}: {deal.proposer.companyName ?? deal.proposer.name} ↔{' '}
                {deal.counterparty.companyName ?? deal.counterparty.name}
              </Text>
              <Button size="xs" onClick={() => setOpen(deal._id)}>
                Open record
              </Button>
            </Group>
          </Paper>
        ))
      )}
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        title="Dispute record"
        position="right"
        size="xl"
      >
        {open ? <DisputeRecord id={open} /> : null}
      </Drawer>
    </Stack>
  );
}

/**
 * Reported reviews, most reported first: each naming the reviewed business, the author and every reporter with
 * their reason; hide one with a reason (the review leaves the business page and its rating), or keep it and dismiss
 * the reports (an unfounded report); both audit-logged in the same transaction, and either way it leaves the queue.
 */
export function ReportedReviews() {
  const utils = trpc.useUtils();
  const query = trpc.reviews.adminReported.useQuery();
  const [reasons, setReasons] = useState<{ [id: string]: string }>({});
  const [hidden, setHidden] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([utils.reviews.adminReported.invalidate(), utils.admin.activity.invalidate()]);
  const hide = trpc.reviews.adminHide.useMutation({
    onSuccess: async ({ review }) => {
      setHidden(`Hidden: ${possessive(review.authorName)} review (${review.hiddenReason ?? ''}).`);
      await refresh();
    },
  });
  const keep = trpc.reviews.adminDismissReports.useMutation({
    onSuccess: async ({ review }) => {
      setHidden(`Kept: ${possessive(review.authorName)} review stays public; its reports are dismissed.`);
      await refresh();
    },
  });
  const failed = hide.error ?? keep.error;
  return (
    <Stack gap="xs" aria-label="Reported reviews">
      <Title order={2} fz="h4">
        Reported reviews
      </Title>
      {hidden ? (
        <Alert color="teal" role="status" withCloseButton onClose={() => setHidden(null)}>
          {hidden}
        </Alert>
      ) : null}
      {failed ? (
        <Alert color="red" role="alert">
          {errorMessage(failed)}
        </Alert>
      ) : null}
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.reviews.length === 0 ? (
        <EmptyState>No reported reviews</EmptyState>
      ) : (
        query.data.reviews.map((review) => (
          <Paper key={review._id} withBorder p="sm" aria-label={`Review by ${review.authorName}`}>
            <Text fz="sm" fw={600}>
              Review of {review.subjectName} by {review.authorName}
            </Text>
            <Text fz="sm">
              ★{review.rating} ({formatDateTime(review.createdAt)}): {review.text}
            </Text>
            {review.reply ? (
              <Text fz="xs" c="dimmed">
                Reply: {review.reply}
              </Text>
            ) : null}
            <Text fz="xs" c="dimmed">
              {plural(review.reports.length, REPORT_COUNT)}:
            </Text>
            <List fz="xs" c="dimmed" aria-label="Reports">
              {review.reports.map((r) => (
                <List.Item key={`${r.reporterId}-${r.createdAt}`}>
                  {r.reporterName} ({formatDateTime(r.createdAt)}): {r.reason}
                </List.Item>
              ))}
            </List>
            <Group mt={6} align="flex-end">
              <Textarea
                label="Reason for hiding"
                description="Recorded in the activity log"
                autosize
                required
                value={reasons[review._id] ?? ''}
                onChange={(e) => setReasons({ ...reasons, [review._id]: e.currentTarget.value })}
                style={{ flex: 1, minWidth: 200 }}
              />
              <Button
                color="red"
                variant="default"
                disabled={!(reasons[review._id] ?? '').trim()}
                loading={hide.isPending && hide.variables?.id === review._id}
                onClick={() => hide.mutate({ id: review._id, reason: reasons[review._id] ?? '' })}
              >
                Hide review
              </Button>
              <Button
                variant="light"
                loading={keep.isPending && keep.variables?.id === review._id}
                onClick={() => keep.mutate({ id: review._id, reason: reasons[review._id] || undefined })}
              >
                Keep review, dismiss reports
              </Button>
            </Group>
          </Paper>
        ))
      )}
    </Stack>
  );
}
