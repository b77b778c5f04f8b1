import { trpc } from '@barterads/api-client';
import { userTypeLabel } from '@barterads/core';
import {
  Anchor,
  Badge,
  Card,
  Container,
  Group,
  Pagination,
  Rating,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { usePageMeta } from '../../components/usePageMeta';
import { formatRate } from '../listings/format';

const dateFormat = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric' });

/** A business's public page: company, description, city, badges, rating, member since, active listings. */
export function BusinessPage({ id }: { id: string }) {
  const page = trpc.businessPages.get.useQuery({ id }, { retry: false });
  const business = page.data?.business;
  usePageMeta(
    business ? (business.companyName ?? business.name) : 'Business',
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
        <Title order={1}>Business not found</Title>
        <Text mt="sm">This business page does not exist or is not public.</Text>
      </Container>
    );
  return (
    <Container size="md" py="lg">
      <Stack gap="sm">
        <Title order={1}>{business.companyName ?? business.name}</Title>
        <Group gap="xs">
          <Badge variant="light">{userTypeLabel(business.userType)}</Badge>
          {business.verified ? <Badge color="teal">GST verified</Badge> : null}
        </Group>
        {business.city ? <Text c="dimmed">{`${business.city}, ${business.state}`}</Text> : null}
        {business.description ? <Text>{business.description}</Text> : null}
        <Text size="sm">
          {business.rating === null
            ? 'New'
            : `★ ${business.rating.toFixed(1)} (${business.reviewCount} reviews)`}{' '}
          · Member since {dateFormat.format(new Date(business.memberSince))}
        </Text>
        <Title order={2} size="h3" mt="md">
          Active listings
        </Title>
        {page.data.listings.length === 0 ? <Text>No active listings right now.</Text> : null}
        {page.data.listings.map((listing) => (
          <Anchor key={listing._id} href={`/listings/${listing._id}`}>
            {listing.title}
            {listing.rateInr && listing.unit ? ` · ${formatRate(listing.rateInr, listing.unit)}` : ''}
          </Anchor>
        ))}
        <Reviews id={id} count={business.reviewCount} />
      </Stack>
    </Container>
  );
}

const reviewDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** The business's public reviews, newest first, ten a page. */
function Reviews({ id, count }: { id: string; count: number }) {
  const [page, setPage] = useState(1);
  const reviews = trpc.reviews.business.useQuery({ id, page });
  return (
    <Stack gap="sm" mt="md" aria-label="Reviews">
      <Title order={2} size="h3">
        Reviews ({count})
      </Title>
      {count === 0 ? <Text>No reviews yet: reviews come from completed deals.</Text> : null}
      {reviews.data?.reviews.map((review) => (
        <Card key={review._id} withBorder padding="sm" component="article">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{review.authorName}</Text>
            <Text size="xs" c="dimmed">
              {reviewDate.format(new Date(review.publishedAt ?? review.createdAt))}
            </Text>
          </Group>
          <Rating value={review.rating} readOnly aria-label={`${review.rating} out of 5 stars`} />
          <Text size="sm" mt={4}>
            {review.text}
          </Text>
          {review.reply ? (
            <Text size="sm" c="dimmed" mt={4}>
              Reply: {review.reply}
            </Text>
          ) : null}
        </Card>
      ))}
      {reviews.data && reviews.data.pages > 1 ? (
        <Pagination total={reviews.data.pages} value={page} onChange={setPage} aria-label="Review pages" />
      ) : null}
    </Stack>
  );
}
