import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import {
  isLanguage,
  LANGUAGE_TAGS,
  languagePath,
  listingText,
  MATCH_REASON_CODES,
  type MatchReason,
} from '@barterads/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatInr } from '../listings/format';

type Match = RouterOutputs['matching']['list']['matches'][number];

/** core's MATCH_REASONS words in the page's language ("same city; dates overlap; within budget"). */
const REASON_WORDS: Record<MatchReason, MessageDescriptor> = {
  same_category: msg`same category`,
  sought_category: msg`a category they are looking for`,
  same_city: msg`same city`,
  nearby: msg`within 50 km`,
  dates_overlap: msg`dates overlap`,
  within_budget: msg`within budget`,
  near_budget: msg`within 30% of the budget`,
  similar_words: msg`similar description`,
};
const isReason = (code: string): code is MatchReason => (MATCH_REASON_CODES as string[]).includes(code);

function MatchRow({ match }: { match: Match }) {
  const { t, i18n } = useLingui();
  const { listing } = match;
  const reasons = match.reasons.filter(isReason).map((code) => i18n._(REASON_WORDS[code]));
  const language = isLanguage(i18n.locale) ? i18n.locale : 'en';
  // The listing's own Hindi or Marathi title on that language's page, the English elsewhere.
  const text = listingText(listing, language);
  return (
    <Card withBorder padding="sm" component="li" data-testid="match">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor
            href={languagePath(language, `/listings/${listing._id}`)}
            fw={600}
            translate="no"
            lang={LANGUAGE_TAGS[text.language]}
          >
            {text.title}
          </Anchor>
          <Badge variant="light" aria-label={t`Score ${match.score} of 100`}>
            {match.score}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed">
          <span translate="no">{listing.city ?? listing.location}</span>
          {listing.rateInr ? ` · ${formatInr(listing.rateInr)}` : null}
        </Text>
        <Text fz="sm" data-testid="match-reasons">
          {i18n.locale === 'en' ? match.reasonText : reasons.join('; ')}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * "Matches for you" (dashboard, all the member's listings) or "Good matches" (one listing's page, its owner):
 * the best matches with their reasons in words; without Professional or Enterprise, the top 3 per listing and
 * how many more a plan would show.
 */
export function MatchList({ listingId, title }: { listingId?: string; title: string }) {
  const { t } = useLingui();
  const query = trpc.matching.list.useQuery(listingId ? { listingId } : undefined);
  const headingId = listingId ? `matches-${listingId}` : 'matches-for-you';
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} fz="h4" id={headingId}>
          {title}
        </Title>
        {query.isPending ? (
          <Skeleton h={80} />
        ) : query.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(query.error, t`Could not load your matches`)}
          </Alert>
        ) : query.data.matches.length === 0 ? (
          <Text fz="sm" c="dimmed">
            <Trans>
              No matches yet. Listings that could trade with yours show up here within a minute of being
              posted.
            </Trans>
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {query.data.matches.map((m) => (
              <MatchRow key={`${m.forListingId}:${m.listing._id}`} match={m} />
            ))}
          </Stack>
        )}
        {query.data && query.data.hidden > 0 ? (
          <Group justify="space-between" wrap="wrap">
            <Text fz="sm">
              {query.data.hidden === 1
                ? t`${query.data.hidden} more match with Professional or Enterprise, and a daily match e-mail.`
                : t`${query.data.hidden} more matches with Professional or Enterprise, and a daily match e-mail.`}
            </Text>
            <Button component={Link} to="/pricing" variant="light" size="xs">
              <Trans>See plans</Trans>
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
