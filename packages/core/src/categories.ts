/** The nine media categories of the spec's 'Every Advertising Format' section. */
export const MEDIA_CATEGORY_IDS = [
  'digital',
  'outdoor',
  'influencer',
  'audio',
  'print',
  'direct',
  'transit',
  'event',
  'app',
] as const;
export type MediaCategoryId = (typeof MEDIA_CATEGORY_IDS)[number];

export interface MediaCategory {
  id: MediaCategoryId;
  title: string;
  description: string;
  reach: string;
  platforms: readonly string[];
  popular: boolean;
}

export const MEDIA_CATEGORIES: readonly MediaCategory[] = [
  {
    id: 'digital',
    title: 'Digital Advertising',
    description: 'Display, search and programmatic placements across websites and networks.',
    reach: '1M - 50M impressions',
    platforms: ['Google Display', 'Programmatic', 'News portals'],
    popular: true,
  },
  {
    id: 'outdoor',
    title: 'Outdoor & Billboards',
    description: 'Hoardings, unipoles and digital screens on high-traffic roads.',
    reach: '100K - 5M daily views',
    platforms: ['Hoardings', 'Unipoles', 'DOOH screens'],
    popular: true,
  },
  {
    id: 'influencer',
    title: 'Influencer Marketing',
    description: 'Creators on Instagram and YouTube promoting your brand to engaged followers.',
    reach: '10K - 10M followers',
    platforms: ['Instagram', 'YouTube', 'Moj'],
    popular: true,
  },
  {
    id: 'audio',
    title: 'Radio & Audio',
    description: 'FM radio spots, podcasts and streaming audio ads.',
    reach: '50K - 20M listeners',
    platforms: ['FM radio', 'Podcasts', 'Music streaming'],
    popular: true,
  },
  {
    id: 'print',
    title: 'Print Media',
    description: 'Newspapers, magazines and trade journals, national and regional.',
    reach: '10K - 3M readers',
    platforms: ['Newspapers', 'Magazines', 'Trade journals'],
    popular: false,
  },
  {
    id: 'direct',
    title: 'Direct Marketing',
    description: 'Inserts, mailers, SMS and e-mail campaigns to targeted audiences.',
    reach: '5K - 1M recipients',
    platforms: ['Mailers', 'SMS', 'E-mail'],
    popular: false,
  },
  {
    id: 'transit',
    title: 'Transit Advertising',
    description: 'Metro, bus, railway and airport media across Indian cities.',
    reach: '200K - 8M commuters',
    platforms: ['Metro', 'Buses', 'Airports'],
    popular: false,
  },
  {
    id: 'event',
    title: 'Events & Sponsorships',
    description: 'Concerts, college fests, exhibitions and sports sponsorships.',
    reach: '1K - 500K attendees',
    platforms: ['Concerts', 'Exhibitions', 'Sports'],
    popular: true,
  },
  {
    id: 'app',
    title: 'In-App Advertising',
    description: 'Banners, rewarded video and native placements inside mobile apps.',
    reach: '100K - 30M users',
    platforms: ['Android apps', 'iOS apps', 'Games'],
    popular: false,
  },
];

/**
 * A category as a client sent it, ready for matching against the ids: the contract matches categories without
 * regard to case ("Outdoor" is `outdoor`), and surrounding spaces do not count. Anything but a string is left as
 * it is for the schema to judge.
 */
export function normalizeCategory(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
}

export function isMediaCategory(value: string): value is MediaCategoryId {
  return (MEDIA_CATEGORY_IDS as readonly string[]).includes(value);
}

export function categoryTitle(id: string | null | undefined): string {
  return MEDIA_CATEGORIES.find((c) => c.id === id)?.title ?? 'Uncategorized';
}

/**
 * The proof of delivery that suits each category (product-spec-2 section 3), most telling first: the deliver form
 * suggests these for the item's category. One source for both apps.
 */
export const PROOF_KINDS: Record<MediaCategoryId, readonly string[]> = {
  outdoor: ['Dated photos of the site with your advertisement up', 'A night photo if the site is lit'],
  transit: ['Dated photos of the vehicles or stations carrying your advertisement'],
  print: ['A tear sheet or photo of the printed page, with the date and edition'],
  audio: ['The as-run log of the broadcasts (station, date, time)', 'An air-check recording or its link'],
  influencer: ['The link to the post', 'A screenshot of the post with its reach'],
  digital: ['The delivery report (impressions, clicks)', 'Screenshots of the placement or a report link'],
  app: ['The delivery report (impressions, installs)', 'Screenshots of the placement'],
  direct: ['Photos of the mailers or inserts', 'The dispatch record or delivery report'],
  event: ['Photos of your branding at the event', 'The attendance figures'],
};

/** For an item whose category is unknown (no listing behind it). */
export const DEFAULT_PROOF_KINDS: readonly string[] = ['Photos or documents showing the delivery'];

/** The proof to suggest for an item of `category` (a listing's category, or nothing). */
export function proofKindsFor(category: string | null | undefined): readonly string[] {
  return category && isMediaCategory(category.toLowerCase())
    ? PROOF_KINDS[category.toLowerCase() as MediaCategoryId]
    : DEFAULT_PROOF_KINDS;
}
