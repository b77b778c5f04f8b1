import { errorMessage, trpc } from '@barterads/api-client';
import { plural, possessive, REPORT_COUNT } from '@barterads/core';
import { Alert, Button, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { DealRecordDrawer } from './DealRecord';
import { formatDateTime } from './format';

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
      <DealRecordDrawer id={open} title="Dispute record" onClose={() => setOpen(null)} />
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
