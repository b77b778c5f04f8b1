import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEDIA_CATEGORY_IDS, type MediaCategoryId } from '@barterads/core';
import { type Database, type ListingPhoto, listings } from '@barterads/db';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { processImage } from '../storage/images';
import type { FileStorage } from '../storage/storage';
import { UploadedFile } from '../storage/uploads';

/**
 * The demo seed's photos: one small picture per category, drawn here (an SVG of simple shapes rendered by sharp,
 * no fonts and no remote hosts), made into the same WebP variants an upload gets, and stored through the storage
 * adapter under `public/demo/`. Nothing is committed but this code.
 */
const COLOURS: Record<MediaCategoryId, [string, string]> = {
  digital: ['#1c7ed6', '#74c0fc'],
  outdoor: ['#2b8a3e', '#8ce99a'],
  influencer: ['#c2255c', '#faa2c1'],
  audio: ['#5f3dc4', '#b197fc'],
  print: ['#495057', '#ced4da'],
  direct: ['#e67700', '#ffd43b'],
  transit: ['#0b7285', '#66d9e8'],
  event: ['#d9480f', '#ffa94d'],
  app: ['#364fc7', '#91a7ff'],
};

/** A pictogram of each category, on a 1280 × 800 canvas. */
const SHAPES: Record<MediaCategoryId, string> = {
  digital:
    '<rect x="340" y="170" width="600" height="380" rx="24" fill="#fff" opacity="0.9"/><rect x="380" y="210" width="520" height="80" fill="#1c7ed6"/><rect x="560" y="560" width="160" height="70" fill="#fff" opacity="0.9"/>',
  outdoor:
    '<rect x="290" y="150" width="700" height="330" rx="12" fill="#fff" opacity="0.92"/><rect x="430" y="480" width="40" height="240" fill="#fff"/><rect x="810" y="480" width="40" height="240" fill="#fff"/>',
  influencer:
    '<rect x="470" y="120" width="340" height="580" rx="48" fill="#fff" opacity="0.92"/><circle cx="640" cy="330" r="90" fill="#c2255c"/><path d="M600 470 l100 60 l-100 60 z" fill="#c2255c"/>',
  audio:
    '<circle cx="640" cy="400" r="70" fill="#fff"/><circle cx="640" cy="400" r="160" fill="none" stroke="#fff" stroke-width="28" opacity="0.8"/><circle cx="640" cy="400" r="260" fill="none" stroke="#fff" stroke-width="28" opacity="0.5"/>',
  print:
    '<rect x="400" y="130" width="480" height="560" rx="10" fill="#fff"/><rect x="450" y="190" width="380" height="60" fill="#495057"/><rect x="450" y="290" width="380" height="20" fill="#adb5bd"/><rect x="450" y="340" width="380" height="20" fill="#adb5bd"/><rect x="450" y="390" width="250" height="20" fill="#adb5bd"/>',
  direct:
    '<rect x="360" y="220" width="560" height="360" rx="16" fill="#fff"/><path d="M360 236 L640 440 L920 236" fill="none" stroke="#e67700" stroke-width="26"/>',
  transit:
    '<rect x="260" y="230" width="760" height="300" rx="40" fill="#fff"/><rect x="310" y="280" width="160" height="110" fill="#0b7285"/><rect x="500" y="280" width="160" height="110" fill="#0b7285"/><rect x="690" y="280" width="160" height="110" fill="#0b7285"/><circle cx="400" cy="560" r="50" fill="#fff"/><circle cx="880" cy="560" r="50" fill="#fff"/>',
  event:
    '<path d="M640 120 L760 420 L520 420 Z" fill="#fff"/><rect x="340" y="420" width="600" height="240" fill="#fff" opacity="0.9"/><rect x="600" y="520" width="80" height="140" fill="#d9480f"/>',
  app: '<rect x="490" y="110" width="300" height="580" rx="44" fill="#fff"/><rect x="530" y="190" width="100" height="100" rx="20" fill="#364fc7"/><rect x="650" y="190" width="100" height="100" rx="20" fill="#364fc7"/><rect x="530" y="310" width="100" height="100" rx="20" fill="#364fc7"/><rect x="650" y="310" width="100" height="100" rx="20" fill="#364fc7"/>',
};

export function demoPhotoSvg(category: MediaCategoryId): string {
  const [dark, light] = COLOURS[category];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs><rect width="1280" height="800" fill="url(#g)"/>${SHAPES[category]}</svg>`;
}

/** Deterministic photo ids (one per category), so seeding again writes the same keys. */
function demoPhotoId(index: number): string {
  return `00000000-0000-4000-8300-${(index + 1).toString(16).padStart(12, '0')}`;
}

/** The demo listings' ids all start like this (packages/db seed: `seedId(2, n)`). */
const DEMO_LISTING_PREFIX = '00000000-0000-4000-8200-';

/**
 * Draws and stores each category's demo photo and gives it to the demo listings of that category that have no
 * photos yet. Returns how many listings got one. Safe to run again (same keys, listings with photos untouched).
 */
export async function seedDemoPhotos(db: Database, storage: FileStorage): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'barterads-demo-photos-'));
  let updated = 0;
  try {
    for (const [index, category] of MEDIA_CATEGORY_IDS.entries()) {
      const path = join(dir, `${category}.png`);
      await writeFile(
        path,
        await sharp(Buffer.from(demoPhotoSvg(category)))
          .png()
          .toBuffer(),
      );
      const file = new UploadedFile(path, (await stat(path)).size, 'image/png', `${category}.png`, 'file');
      const id = demoPhotoId(index);
      const image = await processImage(file, storage, `public/demo/${category}-${id}`);
      const photo: ListingPhoto = { id, variants: image.variants };
      const rows = await db
        .update(listings)
        .set({ photos: sql`${JSON.stringify([photo])}::jsonb`, image: null })
        .where(
          and(
            eq(listings.category, category),
            sql`${listings.id}::text like ${`${DEMO_LISTING_PREFIX}%`}`,
            sql`jsonb_array_length(${listings.photos}) = 0`,
          ),
        )
        .returning({ id: listings.id });
      updated += rows.length;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return updated;
}
