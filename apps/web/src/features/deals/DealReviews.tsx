import { errorMessage, trpc } from '@barterads/api-client';
import { possessive, REVIEW_LIMITS } from '@barterads/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { usePageLanguage } from '../../i18n/core-text';
import { formatDateTime as formatDealDateTime } from './format';

/** After completion: the review form, your review, theirs once public. */
export function DealReviews({ dealId, otherName }: { dealId: string; otherName: string }) {
  const { t } = useLingui();
  const language = usePageLanguage();
  const formatDateTime = (iso: string) => formatDealDateTime(iso, language);
  const theirReview = language === 'en' ? `${possessive(otherName)} review` : t`Review by ${otherName}`;
  const utils = trpc.useUtils();
  const reviews = trpc.reviews.forDeal.useQuery({ id: dealId });
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const create = trpc.reviews.create.useMutation({
    onSuccess: () => utils.reviews.forDeal.invalidate({ id: dealId }),
  });
  if (!reviews.data) return null;
  const { mine, theirs, canReview, publishesAt } = reviews.data;
  return (
    <Stack gap="sm" aria-label={t`Reviews`}>
      <Title order={2} size="h4">
        <Trans>Reviews</Trans>
      </Title>
      {canReview ? (
        <Card withBorder padding="sm">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate({ id: dealId, rating, text });
            }}
          >
            <Stack gap="xs">
              <Text fw={600}>{t`Review ${otherName}`}</Text>
              <Text size="sm" id="review-stars-label">
                <Trans>Stars</Trans>
              </Text>
              <Rating value={rating} onChange={setRating} aria-labelledby="review-stars-label" size="lg" />
              <Textarea
                label={t`Your review`}
                required
                autosize
                minRows={3}
                maxLength={REVIEW_LIMITS.textMax}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
              />
              <Text size="xs" c="dimmed">
                <Trans>
                  Reviews are shown once both of you have written one, or 14 days after completion.
                </Trans>
              </Text>
              {create.error ? (
                <Alert color="red" role="alert">
                  {errorMessage(create.error)}
                </Alert>
              ) : null}
              <Button type="submit" loading={create.isPending} disabled={rating < 1 || !text.trim()}>
                <Trans>Publish review</Trans>
              </Button>
            </Stack>
          </form>
        </Card>
      ) : null}
      {mine ? (
        <Card withBorder padding="sm" aria-label={t`Your review`}>
          <Text size="sm" fw={600}>
            <Trans>Your review</Trans>
          </Text>
          <Rating value={mine.rating} readOnly />
          <Text size="sm" translate="no">
            {mine.text}
          </Text>
          <Text size="xs" c="dimmed">
            {mine.publishedAt
              ? t`Public since ${formatDateTime(mine.publishedAt)}`
              : publishesAt
                ? t`Hidden until ${otherName} reviews you or ${formatDateTime(publishesAt)}.`
                : t`Hidden until ${otherName} reviews you.`}
          </Text>
        </Card>
      ) : null}
      {theirs ? (
        <Card withBorder padding="sm" aria-label={theirReview}>
          <Text size="sm" fw={600}>
            {language === 'en' ? `${possessive(otherName)} review of you` : t`Review of you by ${otherName}`}
          </Text>
          <Rating value={theirs.rating} readOnly />
          <Text size="sm" translate="no">
            {theirs.text}
          </Text>
        </Card>
      ) : null}
    </Stack>
  );
}
