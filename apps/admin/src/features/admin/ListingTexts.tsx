import type { RouterOutputs } from '@barterads/api-client';
import { LANGUAGE_NAMES, LANGUAGE_TAGS } from '@barterads/core';
import { Badge, Box, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';

type AdminListing = RouterOutputs['admin']['listings']['listings'][number];

/** The languages of a listing's second version, as the admin (in English) names them. */
const VERSION_NAMES = { hi: 'Hindi', mr: 'Marathi' } as const;

let devanagariRequested = false;

/**
 * Asks for the Devanagari font (@barterads/ui/devanagari.css) as soon as a listing with a version is on the page, before
 * its texts are unfolded: Chromium on a device without a Devanagari font of its own shapes the first words that
 * need the font before it has arrived as missing glyphs and keeps them so (seen on Linux; a machine with the font
 * never asks). Fetched once; a page without Devanagari never fetches it.
 */
function useDevanagariFont(needed: boolean): void {
  useEffect(() => {
    if (!needed || devanagariRequested || typeof document === 'undefined' || !document.fonts) return;
    devanagariRequested = true;
    for (const weight of [400, 600]) void document.fonts.load(`${weight} 1em "BA Devanagari"`, 'क');
  }, [needed]);
}

/** The listing's Hindi or Marathi version when it has one (a title makes a version; see packages/core). */
function localVersion(listing: AdminListing) {
  return listing.localLanguage && listing.localTitle ? listing.localLanguage : null;
}

/** "Hindi version" beside a listing's title, when it has one: its members on /hi/ pages read that, not the English. */
export function LocalVersionBadge({ listing }: { listing: AdminListing }) {
  const local = localVersion(listing);
  if (!local) return null;
  return (
    <Badge variant="outline" color="grape" size="sm">
      {VERSION_NAMES[local]} version
    </Badge>
  );
}

/**
 * What members read of a listing, for the moderator who verifies it (issue 33): the English title and description
 * and, beside them, its Hindi or Marathi version as the pages of that language show it (the English description
 * stands in when the version has none). Folded by default so the list stays a list.
 */
export function ListingTexts({ listing }: { listing: AdminListing }) {
  const local = localVersion(listing);
  useDevanagariFont(local !== null);
  return (
    <Box component="details" mt={4}>
      <Text component="summary" fz="xs" c="blue" style={{ cursor: 'pointer' }}>
        {local ? `Title and description: English and ${VERSION_NAMES[local]}` : 'Title and description'}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: local ? 2 : 1 }} spacing="sm" mt="xs">
        <Stack gap={2} role="group" aria-label="English version">
          <Text fz="xs" c="dimmed" fw={600}>
            English{local ? ' (every other page)' : ''}
          </Text>
          <Text fz="sm" fw={600} lang="en-IN">
            {listing.title}
          </Text>
          <Text fz="sm" lang="en-IN" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {listing.description}
          </Text>
        </Stack>
        {local ? (
          <Stack gap={2} role="group" aria-label={`${VERSION_NAMES[local]} version`}>
            <Text fz="xs" c="dimmed" fw={600}>
              {VERSION_NAMES[local]} (<span lang={LANGUAGE_TAGS[local]}>{LANGUAGE_NAMES[local]}</span>, on /
              {local}/ pages)
            </Text>
            <Text fz="sm" fw={600} lang={LANGUAGE_TAGS[local]}>
              {listing.localTitle}
            </Text>
            {listing.localDescription ? (
              <Text
                fz="sm"
                lang={LANGUAGE_TAGS[local]}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {listing.localDescription}
              </Text>
            ) : (
              <Text fz="xs" c="dimmed">
                No {VERSION_NAMES[local]} description: those pages show the English one.
              </Text>
            )}
          </Stack>
        ) : null}
      </SimpleGrid>
    </Box>
  );
}
