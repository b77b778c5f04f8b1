import { MEDIA_CATEGORY_IDS, type MediaCategoryId, type UserType } from '@barterads/core';
import { cityFromText, type ListingUnit } from '@barterads/core/inventory';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { listings, type NewListingRow, type NewUserRow, subscriptions, users } from './schema';

/** Deterministic UUIDs, so seeding twice inserts nothing new. */
function seedId(kind: 1 | 2, n: number): string {
  return `00000000-0000-4000-8${kind}00-${n.toString(16).padStart(12, '0')}`;
}

const CITIES = [
  'Mumbai, Maharashtra',
  'Delhi, NCR',
  'Bengaluru, Karnataka',
  'Hyderabad, Telangana',
  'Chennai, Tamil Nadu',
  'Kolkata, West Bengal',
  'Pune, Maharashtra',
  'Ahmedabad, Gujarat',
  'Jaipur, Rajasthan',
  'Lucknow, Uttar Pradesh',
  'Kochi, Kerala',
  'Chandigarh, Punjab',
  'Indore, Madhya Pradesh',
  'Goa',
];

const FIRST_NAMES = [
  'Aarav',
  'Priya',
  'Rohan',
  'Ananya',
  'Vikram',
  'Meera',
  'Arjun',
  'Kavya',
  'Ishaan',
  'Sneha',
  'Kabir',
  'Diya',
];
const LAST_NAMES = [
  'Sharma',
  'Iyer',
  'Patel',
  'Reddy',
  'Mehta',
  'Nair',
  'Gupta',
  'Das',
  'Kapoor',
  'Rao',
  'Singh',
  'Joshi',
];
const COUNTRIES = [
  'IN',
  'IN',
  'IN',
  'IN',
  'IN',
  'IN',
  'AE',
  'US',
  'GB',
  'SG',
  'AU',
  'CA',
  'DE',
  'BD',
  'NP',
  'LK',
];

const INVENTORY: Record<MediaCategoryId, { title: string; description: string; seeking: string }> = {
  digital: {
    title: 'Homepage banner on a regional news portal',
    description: 'Premium 728x90 and 300x250 slots on a Marathi and Hindi news site with 2M monthly visits.',
    seeking: 'Consumer electronics or travel vouchers',
  },
  outdoor: {
    title: '40x20 ft hoarding on a busy arterial road',
    description:
      'Front-lit hoarding facing two-way traffic near the flyover, available for a 30-day campaign.',
    seeking: 'Furniture, office fit-out or catering services',
  },
  influencer: {
    title: 'Instagram reel from a food creator (250K followers)',
    description: 'One reel plus three stories featuring your product, with a swipe-up link and usage rights.',
    seeking: 'Restaurant vouchers or kitchen appliances',
  },
  audio: {
    title: 'Prime-time FM radio spots',
    description: 'Twenty 30-second spots during the morning drive show on a popular city FM station.',
    seeking: 'Hotel stays or event tickets',
  },
  print: {
    title: 'Half-page ad in a city lifestyle magazine',
    description: 'Full-colour half page in the monthly edition, 60,000 copies across cafes and clubs.',
    seeking: 'Printing services or stationery',
  },
  direct: {
    title: 'Insert in 20,000 apartment newsletters',
    description: 'A5 flyer inserted in resident newsletters of gated communities across the city.',
    seeking: 'Home services or grocery credits',
  },
  transit: {
    title: 'Full wrap on 10 city buses',
    description: 'Exterior wraps on ten buses running through the central business district for 60 days.',
    seeking: 'Automobile servicing or fuel cards',
  },
  event: {
    title: 'Title sponsorship of a college music fest',
    description: 'Stage branding, announcements and stalls at a three-day fest with 15,000 students.',
    seeking: 'Beverages, merchandise or sound equipment',
  },
  app: {
    title: 'Rewarded video placements in a casual game',
    description: 'Rewarded video and interstitial inventory in a puzzle game with 1.2M monthly players.',
    seeking: 'Cloud credits or design services',
  },
};

const NEEDS: Record<MediaCategoryId, { title: string; description: string; seeking: string }> = {
  digital: {
    title: 'D2C skincare brand needs display advertising',
    description: 'We want banner placements on lifestyle and fashion sites for a launch in three metros.',
    seeking: 'Display ads in exchange for skincare hampers',
  },
  outdoor: {
    title: 'Real-estate developer seeks billboard space',
    description: 'Looking for hoardings near the new metro line for a residential project launch.',
    seeking: 'Hoardings in exchange for interior design services',
  },
  influencer: {
    title: 'Fitness app wants creator collaborations',
    description: 'Seeking fitness and wellness creators for a 4-week challenge campaign.',
    seeking: 'Creators in exchange for annual premium memberships',
  },
  audio: {
    title: 'Restaurant chain needs radio promotion',
    description: 'We are opening five outlets and want FM and podcast mentions in the launch month.',
    seeking: 'Radio spots in exchange for dining credits',
  },
  print: {
    title: 'EdTech startup wants newspaper jackets',
    description: 'Looking for front-page jackets in English and regional dailies before admissions season.',
    seeking: 'Print ads in exchange for course licences',
  },
  direct: {
    title: 'Organic grocer wants doorstep sampling',
    description: 'We want leaflet and sample distribution in premium residential areas.',
    seeking: 'Direct marketing in exchange for grocery vouchers',
  },
  transit: {
    title: 'Travel company wants metro station branding',
    description: 'Seeking pillar and platform branding at busy metro interchanges for a holiday sale.',
    seeking: 'Transit ads in exchange for holiday packages',
  },
  event: {
    title: 'Sportswear brand seeks marathon sponsorship',
    description: 'Looking for stalls and bib branding at city marathons and cyclothons.',
    seeking: 'Event sponsorship in exchange for sportswear',
  },
  app: {
    title: 'Fintech wants in-app placements',
    description: 'Seeking native placements in shopping and travel apps for a credit card launch.',
    seeking: 'In-app ads in exchange for cashback credits',
  },
};

/** The rate card of each category's demo listings: the unit and a typical rate in rupees (varied per listing). */
const RATES: Record<MediaCategoryId, { unit: ListingUnit; rateInr: number }> = {
  digital: { unit: 'thousand_impressions', rateInr: 180 },
  outdoor: { unit: 'month', rateInr: 120_000 },
  influencer: { unit: 'post', rateInr: 25_000 },
  audio: { unit: 'spot', rateInr: 1_500 },
  print: { unit: 'insertion', rateInr: 45_000 },
  direct: { unit: 'thousand_impressions', rateInr: 900 },
  transit: { unit: 'month', rateInr: 60_000 },
  event: { unit: 'event', rateInr: 75_000 },
  app: { unit: 'thousand_impressions', rateInr: 220 },
};

/** The demo city of a listing's place text, resolved once per text ("Delhi, NCR" → Delhi). */
const cityOf = new Map(CITIES.map((label) => [label, cityFromText(label)]));

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export const DEMO_USER_PASSWORD = 'demo-password';
const DEMO_USERS = 24;
const DAY = 24 * 60 * 60 * 1000;

export interface SeedOptions {
  /** Hash of DEMO_USER_PASSWORD for the demo users (the caller owns the hashing). */
  passwordHash: string;
  /** How many listings; 60 by default. */
  listings?: number;
  /** The reference time that dates count back from. */
  now?: Date;
  onProgress?: (inserted: number, total: number) => void;
}

export function demoUsers(passwordHash: string, now: Date): NewUserRow[] {
  return Array.from({ length: DEMO_USERS }, (_, i) => {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[(i * 5) % LAST_NAMES.length]!;
    const userType: UserType = i % 2 === 0 ? 'media_owner' : 'advertiser';
    return {
      id: seedId(1, i + 1),
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}${i + 1}@demo.barterads.in`,
      passwordHash,
      firstName,
      lastName,
      phoneNumber: `+9198${String(20000000 + i * 7919).padStart(8, '0')}`,
      companyName: `${lastName} ${userType === 'media_owner' ? 'Media' : 'Brands'} Pvt Ltd`,
      description:
        userType === 'media_owner' ? 'Media owner with inventory across India.' : 'Brand looking for reach.',
      role: 'user',
      userType,
      emailVerified: true,
      status: 'active',
      country: COUNTRIES[i % COUNTRIES.length]!,
      createdAt: new Date(now.getTime() - (DEMO_USERS - i) * 3 * DAY),
    };
  });
}

export function demoListing(n: number, now: Date): NewListingRow {
  const category = MEDIA_CATEGORY_IDS[n % MEDIA_CATEGORY_IDS.length]!;
  const ownerIndex = n % DEMO_USERS;
  const ownerType: UserType = ownerIndex % 2 === 0 ? 'media_owner' : 'advertiser';
  const copy = ownerType === 'media_owner' ? INVENTORY[category] : NEEDS[category];
  // n % 18 fixes the category and the owner's type (hence the title's words); the city then differs for every
  // listing with the same words until 18 × 14 listings, so each demo title is unique without a "#38" suffix.
  // The 60 demo listings cover every city, and Mumbai has a media owner's hoarding (the browser tests filter to it).
  const city = CITIES[(n + 5 * Math.floor(n / 18)) % CITIES.length]!;
  const listed = cityOf.get(city) ?? null;
  const rate = RATES[category];
  return {
    id: seedId(2, n + 1),
    ownerId: seedId(1, ownerIndex + 1),
    ownerType,
    title: `${copy.title} in ${city.split(',')[0]}`,
    description: copy.description,
    location: city,
    ...(listed ? { city: listed.name, state: listed.state, lat: listed.lat, lng: listed.lng } : {}),
    category,
    unit: rate.unit,
    // 50% to 150% of the category's typical rate, in steps of 10%.
    rateInr: Math.round((rate.rateInr * (5 + ((n * 3) % 11))) / 10),
    // Every third listing is booked until a date, every fifth free only for a window.
    availableFrom: n % 3 === 1 ? isoDay(new Date(now.getTime() + (n % 20) * DAY)) : null,
    availableTo: n % 5 === 2 ? isoDay(new Date(now.getTime() + (30 + (n % 60)) * DAY)) : null,
    // Photos are generated and stored by the API's demo photos step (no remote hosts).
    image: null,
    rating: Math.round((4 + ((n * 37) % 10) / 10) * 10) / 10,
    verified: n % 3 === 0,
    seeking: copy.seeking,
    contactPhone: n % 5 === 4 ? null : `+9199${String(10000000 + n * 104729).slice(-8)}`,
    status: n % 17 === 16 ? 'archived' : 'active',
    createdAt: new Date(now.getTime() - n * 37 * 60 * 1000),
  };
}

/** Fills a realistic marketplace; deterministic ids make a second run insert nothing. */
export async function seedDemo(
  db: Database,
  options: SeedOptions,
): Promise<{ users: number; listings: number }> {
  const now = options.now ?? new Date();
  const total = options.listings ?? 60;
  const userRows = demoUsers(options.passwordHash, now);
  await db.insert(users).values(userRows).onConflictDoNothing();
  const batchSize = 2000;
  for (let start = 0; start < total; start += batchSize) {
    const rows: NewListingRow[] = [];
    for (let n = start; n < Math.min(total, start + batchSize); n++) rows.push(demoListing(n, now));
    await db.insert(listings).values(rows).onConflictDoNothing();
    options.onProgress?.(Math.min(total, start + batchSize), total);
  }
  // The demo media owner (the first demo user) is a paying member: a Growth plan, a year from its seeding, so the
  // demo can post beyond the free tier's 2 active listings; every other demo business is on the free tier.
  await db
    .insert(subscriptions)
    .values({
      userId: seedId(1, 1),
      planId: 'growth',
      period: 'yearly',
      status: 'active',
      currentPeriodStart: new Date(now.getTime() - 7 * DAY),
      currentPeriodEnd: new Date(now.getTime() + 358 * DAY),
    })
    .onConflictDoNothing();
  return { users: userRows.length, listings: total };
}

/** True when the demo data is already there (used to seed on first start only). */
export async function hasDemoData(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(users)
    .where(sql`${users.id} = ${seedId(1, 1)}`);
  return Boolean(row);
}
