import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import { LANGUAGE_TAGS, languagePath, listingText, REVIEW_LIMITS, userTypeLabel } from '@barterads/core';
import { formatMonthIn } from '@barterads/core/dates';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Pagination,
  Rating,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { usePageMeta } from '../../components/usePageMeta';
import { useCoreText, useFormatDate, usePageLanguage } from '../../i18n/core-text';
import { useSessionUser } from '../accounts/session';
import { GstVerifiedBadge } from '../businesses/GstVerifiedBadge';
import { formatRate } from '../listings/format';

/** A business's public page: company, description, city, badges, rating, member since, active listings. */
export function BusinessPage({ id }: { id: string }) {
  const { t } = useLingui();
  const core = useCoreText();
  const language = usePageLanguage();
  const page = trpc.businessPages.get.useQuery({ id }, { retry: false });
  const business = page.data?.business;
  usePageMeta(
    business ? (business.companyName ?? business.name) : t`Business`,
    business?.description ?? undefined,
  );
  if (page.isPending)
    return (
      <Container size="md" py="xl">
        <Skeleton height={32} width="50%" />
      </Container>
    );
  if (!page.data || !business)
    return (
      <Container size="sm" py="xl">
        <Title order={1}>
          <Trans>Business not found</Trans>
        </Title>
        <Text mt="sm">
          <Trans>This business page does not exist or is not public.</Trans>
        </Text>
      </Container>
    );
  const reviews = business.reviewCount;
  const reviewCount = t`${plural(reviews, { one: '# review', other: '# reviews' })}`;
  const memberSince = formatMonthIn(business.memberSince, language);
  return (
    <Container size="md" py="lg">
      <Stack gap="sm">
        <Title order={1} translate="no">
          {business.companyName ?? business.name}
        </Title>
        <Group gap="xs">
          <Badge variant="light">{core(userTypeLabel(business.userType))}</Badge>
          {business.verified ? <GstVerifiedBadge size="lg" /> : null}
        </Group>
        {business.city ? (
          <Text c="dimmed" translate="no">{`${business.city}, ${business.state}`}</Text>
        ) : null}
        {business.description ? <Text translate="no">{business.description}</Text> : null}
        <Text size="sm">
          {business.rating === null ? t`New` : `★ ${business.rating.toFixed(1)} (${reviewCount})`} ·{' '}
          {t`Member since ${memberSince}`}
        </Text>
        {business.repliesWithinHours !== null ? (
          <Text size="sm" c="dimmed">
            {t`Usually replies within ${plural(business.repliesWithinHours, { one: '# hour', other: '# hours' })}`}
          </Text>
        ) : null}
        <Title order={2} size="h3" mt="md">
          <Trans>Active listings</Trans>
        </Title>
        {page.data.listings.length === 0 ? (
          <Text>
            <Trans>No active listings right now.</Trans>
          </Text>
        ) : null}
        {page.data.listings.map((listing) => {
          // The listing's own Hindi or Marathi title on that language's page, the English elsewhere.
          const text = listingText(listing, language);
          return (
            <Anchor key={listing._id} href={languagePath(language, `/listings/${listing._id}`)}>
              <span translate="no" lang={LANGUAGE_TAGS[text.language]}>
                {text.title}
              </span>
              {listing.rateInr && listing.unit ? ` · ${formatRate(listing.rateInr, listing.unit, core)}` : ''}
            </Anchor>
          );
        })}
        <Reviews id={id} count={business.reviewCount} />
      </Stack>
    </Container>
  );
}

/** The business's public reviews, newest first, ten a page. */
function Reviews({ id, count }: { id: string; count: number }) {
  const { t } = useLingui();
  const formatDate = useFormatDate();
  const [page, setPage] = useState(1);
  const reviews = trpc.reviews.business.useQuery({ id, page });
  return (
    <Stack gap="sm" mt="md" aria-label={t`Reviews`}>
      <Title order={2} size="h3">
        {t`Reviews (${count})`}
      </Title>
      {count === 0 ? (
        <Text>
          <Trans>No reviews yet: reviews come from completed deals.</Trans>
        </Text>
      ) : null}
      {reviews.data?.reviews.map((review) => (
        <Card key={review._id} withBorder padding="sm" component="article">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} translate="no">
              {review.authorName}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDate(review.publishedAt ?? review.createdAt)}
            </Text>
          </Group>
          <Rating value={review.rating} readOnly aria-label={t`${review.rating} out of 5 stars`} />
          <Text size="sm" mt={4} translate="no">
            {review.text}
          </Text>
          {review.reply ? (
            <Text size="sm" c="dimmed" mt={4}>
              <Trans>Reply:</Trans> <span translate="no">{review.reply}</span>
            </Text>
          ) : null}
          <ReviewActions review={review} businessId={id} page={page} />
        </Card>
      ))}
      {reviews.data && reviews.data.pages > 1 ? (
        <Pagination total={reviews.data.pages} value={page} onChange={setPage} aria-label={t`Review pages`} />
      ) : null}
    </Stack>
  );
}

type Review = RouterOutputs['reviews']['business']['reviews'][number];

/**
 * Under a review, for signed-in members: the reviewed business replies once; anyone but its author reports it to
 * the admins (once). The server enforces both; this only offers what applies.
 */
function ReviewActions({ review, businessId, page }: { review: Review; businessId: string; page: number }) {
  const { t } = useLingui();
  const { user } = useSessionUser();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState<'reply' | 'report' | null>(null);
  const [text, setText] = useState('');
  const [reported, setReported] = useState(false);
  const reply = trpc.reviews.reply.useMutation({
    onSuccess: async () => {
      setOpen(null);
      setText('');
      await utils.reviews.business.invalidate({ id: businessId, page });
    },
  });
  const report = trpc.reviews.report.useMutation({
    onSuccess: () => {
      setOpen(null);
      setText('');
      setReported(true);
    },
  });
  if (!user) return null;
  const canReply = user._id === review.subjectId && review.reply === null;
  const canReport = user._id !== review.authorId && !reported;
  const busy = reply.isPending || report.isPending;
  const failed = reply.error ?? report.error;
  if (open) {
    const replying = open === 'reply';
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (replying) reply.mutate({ id: review._id, text });
          else report.mutate({ id: review._id, reason: text });
        }}
      >
        <Stack gap="xs" mt="xs">
          <Textarea
            label={replying ? t`Your reply` : t`Why should an admin look at this review?`}
            description={replying ? t`You can reply once; it is shown under the review.` : undefined}
            required
            autosize
            minRows={2}
            maxLength={replying ? REVIEW_LIMITS.replyMax : REVIEW_LIMITS.reportReasonMax}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          {failed ? (
            <Alert color="red" role="alert">
              {errorMessage(failed)}
            </Alert>
          ) : null}
          <Group gap="xs">
            <Button type="submit" size="xs" loading={busy} disabled={!text.trim()}>
              {replying ? t`Publish reply` : t`Send report`}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setOpen(null);
                reply.reset();
                report.reset();
              }}
            >
              <Trans>Cancel</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }
  return (
    <Group gap="xs" mt="xs">
      {canReply ? (
        <Button size="xs" variant="light" onClick={() => setOpen('reply')}>
          <Trans>Reply</Trans>
        </Button>
      ) : null}
      {canReport ? (
        <Button size="xs" variant="subtle" color="gray" onClick={() => setOpen('report')}>
          <Trans>Report</Trans>
        </Button>
      ) : null}
      {reported ? (
        <Text size="xs" c="dimmed" role="status">
          <Trans>Reported. An admin will look at it.</Trans>
        </Text>
      ) : null}
    </Group>
  );
}
