import { trpc } from '@barterads/api-client';
import {
  categoryTitle,
  formatIndianNumber,
  LANGUAGE_TAGS,
  LISTING_COVER_SIZES,
  languagePath,
  listingText,
  userTypeLabel,
  whatsappLink,
} from '@barterads/core';
import { CATEGORY_ATTRIBUTE_FIELDS } from '@barterads/core/inventory/attribute-fields';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { usePageMeta } from '../../components/usePageMeta';
import { currentLanguage, loadCatalogues } from '../../i18n';
import { useCoreText, useFormatDate, usePageLanguage } from '../../i18n/core-text';
import { useSessionUser } from '../accounts/session';
import { GstVerifiedBadge } from '../businesses/GstVerifiedBadge';
import { ProposeDealButton } from '../deals/ProposeDealButton';
import { formatInr, formatRate } from '../listings/format';
import { MessageOwnerButton } from '../messages/MessageOwnerButton';

// Dates as in India, wherever the page is rendered: the server's HTML and the browser's hydration must agree.
// Only an owner viewing their own listing sees its matches: loaded then, not with every visitor's page, with its
// words (the deals catalogue).
const MatchList = lazy(() =>
  Promise.all([import('../matching/MatchList'), loadCatalogues(currentLanguage(), ['deals'])]).then(
    ([module]) => ({ default: module.MatchList }),
  ),
);

/** The public page of one listing: what it is, what it costs, when, where and who (spec part two, section 1). */
export function ListingPage({ id }: { id: string }) {
  const { t } = useLingui();
  const core = useCoreText();
  const formatDate = useFormatDate();
  const listing = trpc.listings.get.useQuery({ id }, { retry: false });
  const barter = listing.data?.barter;
  const business = trpc.businessPages.get.useQuery(
    { id: barter?.ownerId ?? '' },
    { enabled: Boolean(barter), retry: false },
  );
  const similar = trpc.listings.search.useQuery(
    { category: barter?.category ?? undefined, limit: 4 },
    { enabled: barter?.status === 'archived' },
  );
  const { user } = useSessionUser();
  const [copied, setCopied] = useState(false);
  // The listing's own Hindi or Marathi version on that language's page, the English elsewhere.
  const language = usePageLanguage();
  const text = barter ? listingText(barter, language) : undefined;
  usePageMeta(text ? text.title : t`Listing`, text ? text.description.slice(0, 160) : undefined);

  if (listing.isPending)
    return (
      // At least a screen tall while it loads, so the footer does not show and then jump down (layout shift).
      <Container size="lg" py="xl" mih="100vh">
        <Skeleton height={280} mb="md" />
        <Skeleton height={24} width="60%" />
      </Container>
    );
  if (!barter)
    return (
      <Container size="sm" py="xl">
        <Title order={1}>
          <Trans>Listing not found</Trans>
        </Title>
        <Text mt="sm">
          <Trans>This listing does not exist or is no longer shown.</Trans>
        </Text>
        <Anchor component={Link} to="/marketplace" mt="md">
          <Trans>Browse the marketplace</Trans>
        </Anchor>
      </Container>
    );

  const chat = whatsappLink(barter.contactPhone);
  const attributes = barter.category ? CATEGORY_ATTRIBUTE_FIELDS[barter.category] : [];
  const shownAttributes = attributes.filter((field) => barter.attributes[field.key] !== undefined);
  const cover = barter.photos[0];
  return (
    <Container size="lg" py="lg">
      {barter.status === 'archived' ? (
        <Alert color="gray" mb="md" title={t`This listing is archived`}>
          <Trans>It is no longer offered. Similar active listings are below.</Trans>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          {cover ? (
            <img
              src={cover.url}
              srcSet={cover.variants.map((v) => `${v.url} ${v.width}w`).join(', ')}
              sizes={LISTING_COVER_SIZES}
              width={cover.width}
              height={cover.height}
              alt={text?.title ?? barter.title}
              // The page's largest element: fetched first (the server's HTML preloads it with this priority).
              fetchPriority="high"
              style={{ width: '100%', height: 'auto', borderRadius: 8 }}
            />
          ) : barter.image ? (
            <Image src={barter.image} alt={text?.title ?? barter.title} radius="md" />
          ) : null}
          {barter.photos.length > 1 ? (
            <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" aria-label={t`Photos`}>
              {barter.photos.slice(1).map((photo) => (
                <img
                  key={photo.url}
                  src={photo.variants[0]?.url ?? photo.url}
                  alt=""
                  loading="lazy"
                  width={photo.variants[0]?.width}
                  height={photo.variants[0]?.height}
                  style={{ width: '100%', height: 'auto', borderRadius: 4 }}
                />
              ))}
            </SimpleGrid>
          ) : null}
          <Group gap="xs">
            <Badge variant="light">{core(userTypeLabel(barter.ownerRole))}</Badge>
            {barter.category ? <Badge variant="outline">{core(categoryTitle(barter.category))}</Badge> : null}
            {barter.verified ? (
              <Badge color="teal.9">
                <Trans>Verified</Trans>
              </Badge>
            ) : null}
          </Group>
          <Title order={1} translate="no" lang={text ? LANGUAGE_TAGS[text.language] : undefined}>
            {text?.title ?? barter.title}
          </Title>
          <Text c="dimmed" translate="no">
            {barter.city ? `${barter.city}, ${barter.state}` : barter.location}
          </Text>
          <Text
            style={{ whiteSpace: 'pre-line' }}
            translate="no"
            lang={text ? LANGUAGE_TAGS[text.descriptionLanguage] : undefined}
          >
            {text?.description ?? barter.description}
          </Text>
          <Card withBorder>
            <Stack gap={6}>
              <Title order={2} size="h4">
                <Trans>Rate card</Trans>
              </Title>
              <Text>
                {barter.rateInr && barter.unit
                  ? formatRate(barter.rateInr, barter.unit, core)
                  : t`No cash rate given`}
                {barter.minUnits > 1 ? ` · ${t`minimum ${barter.minUnits}`}` : ''}
              </Text>
              <Text>
                {barter.availableFrom || barter.availableTo
                  ? t`Available: ${barter.availableFrom ? formatDate(barter.availableFrom) : t`now`} to ${barter.availableTo ? formatDate(barter.availableTo) : t`open-ended`}`
                  : t`Available: any time`}
              </Text>
              {barter.monthlyReach ? (
                <Text>{t`Monthly reach: ${formatIndianNumber(barter.monthlyReach)}`}</Text>
              ) : null}
              {barter.seeking ? (
                <Text>
                  <Trans>In exchange for:</Trans> <span translate="no">{barter.seeking}</span>
                </Text>
              ) : null}
              {shownAttributes.map((field) => (
                <Text key={field.key}>
                  {core(field.label)}:{' '}
                  {typeof barter.attributes[field.key] === 'boolean' ? (
                    barter.attributes[field.key] ? (
                      t`Yes`
                    ) : (
                      t`No`
                    )
                  ) : (
                    <span translate="no">{String(barter.attributes[field.key])}</span>
                  )}
                  {field.suffix ? ` ${core(field.suffix)}` : ''}
                </Text>
              ))}
            </Stack>
          </Card>
        </Stack>
        <Stack gap="md">
          <Card withBorder aria-label={t`Owner`}>
            <Stack gap={4}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} translate="no">
                  {barter.ownerCompany ?? barter.ownerName}
                </Text>
                {barter.ownerVerified ? <GstVerifiedBadge /> : null}
              </Group>
              <Text size="sm">
                {barter.rating === null ? t`New` : `★ ${barter.rating.toFixed(1)} (${barter.reviewCount})`}
              </Text>
              {business.data ? (
                <>
                  <Text size="sm" c="dimmed">
                    {t`Member since ${formatDate(business.data.business.memberSince)}`}
                  </Text>
                  <Anchor href={languagePath(language, `/b/${barter.ownerId}`)} size="sm">
                    <Trans>See the business page</Trans>
                  </Anchor>
                </>
              ) : null}
            </Stack>
          </Card>
          {barter.status === 'active' ? (
            <Stack gap="xs">
              <ProposeDealButton listing={barter} user={user} />
              <MessageOwnerButton listingId={barter._id} ownerId={barter.ownerId} user={user} />
              {chat ? (
                <Button component="a" href={chat} target="_blank" rel="noopener noreferrer" variant="light">
                  WhatsApp
                </Button>
              ) : null}
            </Stack>
          ) : null}
          <Button
            variant="default"
            onClick={async () => {
              await navigator.clipboard?.writeText(window.location.href).catch(() => {});
              setCopied(true);
            }}
          >
            {copied ? t`Link copied` : t`Share (copy link)`}
          </Button>
        </Stack>
      </SimpleGrid>
      {user && user._id === barter.ownerId && barter.status === 'active' ? (
        <Stack mt="xl">
          <Suspense fallback={null}>
            <MatchList listingId={barter._id} title={t`Good matches`} />
          </Suspense>
        </Stack>
      ) : null}
      {barter.status === 'archived' && similar.data ? (
        <Stack mt="xl">
          <Title order={2} size="h3">
            <Trans>Similar listings</Trans>
          </Title>
          {similar.data.barters.map((b) => (
            <Anchor key={b._id} href={languagePath(language, `/listings/${b._id}`)} translate="no">
              {listingText(b, language).title}
              {b.rateInr ? ` · ${formatInr(b.rateInr)}` : ''}
            </Anchor>
          ))}
        </Stack>
      ) : null}
    </Container>
  );
}
