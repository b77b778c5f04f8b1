import { trpc } from '@barterads/api-client';
import { categoryTitle, MESSAGES, userTypeLabel, whatsappLink } from '@barterads/core';
import {
  AspectRatio,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { ReactNode } from 'react';
import type { Listing } from './types';

const FALLBACK_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="100%" height="100%" fill="#e9ecef"/><text x="50%" y="50%" font-family="sans-serif" font-size="28" fill="#868e96" text-anchor="middle" dominant-baseline="middle">BarterAds</text></svg>',
  );

export interface ListingCardProps {
  listing: Listing;
  /** Extra buttons under the card (for example "Message owner"). */
  actions?: ReactNode;
}

/**
 * A marketplace card with every field of the spec: image, title, description, location, rating, verified flag,
 * what is sought, and the Contact button (a WhatsApp chat link; disabled 'No Contact' under 8 digits).
 */
export function ListingCard({ listing, actions }: ListingCardProps) {
  const chat = whatsappLink(listing.contactPhone);
  const recordClick = trpc.listings.recordContactClick.useMutation();
  return (
    <Card withBorder radius="md" padding="md" h="100%" component="article" aria-label={listing.title}>
      <Card.Section>
        <AspectRatio ratio={16 / 10}>
          <Image
            src={listing.image || FALLBACK_IMAGE}
            fallbackSrc={FALLBACK_IMAGE}
            alt={listing.image ? listing.title : ''}
            loading="lazy"
          />
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Group gap={6}>
          <Badge variant="light" color={listing.ownerRole === 'media_owner' ? 'teal' : 'grape'}>
            {userTypeLabel(listing.ownerRole)}
          </Badge>
          {listing.category ? (
            <Badge variant="outline" color="gray">
              {categoryTitle(listing.category)}
            </Badge>
          ) : null}
          {listing.verified ? (
            <Badge color="blue" variant="filled">
              Verified
            </Badge>
          ) : null}
        </Group>
        <Title order={3} fz="lg" lineClamp={2}>
          {listing.title}
        </Title>
        <Text fz="sm" c="dimmed" lineClamp={3}>
          {listing.description}
        </Text>
        <Text fz="sm">
          <Text span fw={600}>
            Location:
          </Text>{' '}
          {listing.location}
        </Text>
        {listing.seeking ? (
          <Text fz="sm">
            <Text span fw={600}>
              Seeking:
            </Text>{' '}
            {listing.seeking}
          </Text>
        ) : null}
        <Text fz="sm" aria-label={`Rating ${listing.rating.toFixed(1)} out of 5`}>
          ★ {listing.rating.toFixed(1)}
        </Text>
      </Stack>
      <Group mt="md" gap="xs" grow>
        {chat ? (
          <Button
            component="a"
            href={chat}
            target="_blank"
            rel="noopener noreferrer"
            color="green"
            onClick={() => recordClick.mutate({ id: listing._id })}
          >
            Contact
          </Button>
        ) : (
          <Tooltip label={MESSAGES.noContactTooltip} withArrow>
            {/* Mantine's pattern for a tooltip on a disabled button: it stays focusable and hoverable. */}
            <Button data-disabled aria-disabled="true" onClick={(event) => event.preventDefault()}>
              No Contact
            </Button>
          </Tooltip>
        )}
        {actions}
      </Group>
    </Card>
  );
}

export function ListingCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden>
      <Card.Section>
        <Skeleton h={180} radius={0} />
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Skeleton h={16} w="40%" />
        <Skeleton h={20} w="90%" />
        <Skeleton h={14} />
        <Skeleton h={14} w="70%" />
        <Skeleton h={36} mt="sm" />
      </Stack>
    </Card>
  );
}
