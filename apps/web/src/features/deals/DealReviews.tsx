import { errorMessage, trpc } from '@barterads/api-client';
import { possessive, REVIEW_LIMITS } from '@barterads/core';
import { Alert, Button, Card, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from './format';

/** After completion: the review form, your review, theirs once public. */
export function DealReviews({ dealId, otherName }: { dealId: string; otherName: string }) {
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
    <Stack gap="sm" aria-label="Reviews">
      <Title order={2} size="h4">
        Reviews
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
              <Text fw={600}>Review {otherName}</Text>
              <Text size="sm" id="review-stars-label">
                Stars
              </Text>
              <Rating value={rating} onChange={setRating} aria-labelledby="review-stars-label" size="lg" />
              <Textarea
                label="Your review"
                required
                autosize
                minRows={3}
                maxLength={REVIEW_LIMITS.textMax}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
              />
              <Text size="xs" c="dimmed">
                Reviews are shown once both of you have written one, or 14 days after completion.
              </Text>
              {create.error ? (
                <Alert color="red" role="alert">
                  {errorMessage(create.error)}
                </Alert>
              ) : null}
              <Button type="submit" loading={create.isPending} disabled={rating < 1 || !text.trim()}>
                Publish review
              </Button>
            </Stack>
          </form>
        </Card>
      ) : null}
      {mine ? (
        <Card withBorder padding="sm" aria-label="Your review">
          <Text size="sm" fw={600}>
            Your review
          </Text>
          <Rating value={mine.rating} readOnly />
          <Text size="sm">{mine.text}</Text>
          <Text size="xs" c="dimmed">
            {mine.publishedAt
              ? `Public since ${formatDateTime(mine.publishedAt)}`
              : `Hidden until ${otherName} reviews you${publishesAt ? ` or ${formatDateTime(publishesAt)}` : ''}.`}
          </Text>
        </Card>
      ) : null}
      {theirs ? (
        <Card withBorder padding="sm" aria-label={`${possessive(otherName)} review`}>
          <Text size="sm" fw={600}>
            {possessive(otherName)} review of you
          </Text>
          <Rating value={theirs.rating} readOnly />
          <Text size="sm">{theirs.text}</Text>
        </Card>
      ) : null}
    </Stack>
  );
}
