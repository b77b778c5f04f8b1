import { randomUUID } from 'node:crypto';
import { LIMITS, MESSAGES } from '@barterads/core';
import { type Database, type Executor, type ListingPhoto, listings, type UserRow } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type FileStorage, publicUrl } from '../storage/storage';
import { deleteStored, type StoredFileKind, storeThenCommit } from '../storage/stored-files';
import type { UploadedFile } from '../storage/uploads';
import { getListing, ownListing, photoChangeReview } from './listings';
import type { ListingOutput, PhotoOutput } from './schemas';

/** The contract's photo: the largest variant's URL and size, plus every variant for a responsive `srcset`. */
export function toPhotoOutput(photo: ListingPhoto): PhotoOutput {
  const largest = photo.variants.at(-1);
  return {
    url: largest ? publicUrl(largest.key) : '',
    width: largest?.width ?? 0,
    height: largest?.height ?? 0,
    variants: photo.variants.map((v) => ({ url: publicUrl(v.key), width: v.width, height: v.height })),
  };
}

/** The cover's URL (the first photo's largest variant). */
export function coverUrl(photos: readonly ListingPhoto[]): string | null {
  const key = photos[0]?.variants.at(-1)?.key;
  return key ? publicUrl(key) : null;
}

const photosFull = () => new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.listingPhotosFull });

/**
 * Adds an uploaded photo to the owner's listing: made into WebP variants without metadata, stored under
 * `public/listings/<id>/`, appended in one statement that also holds the limit of 8 (two uploads racing for the
 * last place cannot both win). When the row is not updated, the stored variants are deleted again.
 */
export async function addListingPhoto(
  db: Database,
  storage: FileStorage,
  user: UserRow,
  id: string,
  file: UploadedFile,
): Promise<ListingOutput> {
  await ownListing(db, user.id, id);
  if (file.size > LIMITS.listingPhotoBytesMax)
    throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: 'Each photo must be at most 10 MB.' });
  const [current] = await db
    .select({ n: sql<number>`jsonb_array_length(${listings.photos})` })
    .from(listings)
    .where(eq(listings.id, id));
  if ((current?.n ?? 0) >= LIMITS.listingPhotosMax) throw photosFull();

  const photoId = randomUUID();
  await storeThenCommit(
    storage,
    (files) => files.image(file, `${LISTING_PHOTO_PREFIX}${id}/${photoId}`),
    async (image) => {
      const photo: ListingPhoto = { id: photoId, variants: image.variants };
      const updated = await db
        .update(listings)
        .set({ photos: sql`${listings.photos} || ${JSON.stringify([photo])}::jsonb`, ...photoChangeReview })
        .where(
          and(
            eq(listings.id, id),
            eq(listings.ownerId, user.id),
            sql`jsonb_array_length(${listings.photos}) < ${LIMITS.listingPhotosMax}`,
          ),
        )
        .returning({ id: listings.id });
      if (updated.length === 0) throw photosFull();
    },
  );
  return getListing(db, id);
}

/** Removes the photo at `index` (0 is the cover) from the owner's listing, then its files. */
export async function removeListingPhoto(
  db: Database,
  storage: FileStorage,
  user: UserRow,
  id: string,
  index: number,
): Promise<ListingOutput> {
  await ownListing(db, user.id, id);
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ photos: listings.photos })
      .from(listings)
      .where(eq(listings.id, id))
      .for('update');
    const photo = row?.photos[index];
    if (!row || !photo) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.listingPhotoNotFound });
    await tx
      .update(listings)
      .set({ photos: row.photos.filter((_, i) => i !== index), ...photoChangeReview })
      .where(eq(listings.id, id));
    return photo;
  });
  // After the commit: a failed delete leaves an unreferenced file, never a listing pointing at a missing one.
  await deleteStored(
    storage,
    removed.variants.map((v) => v.key),
  );
  return getListing(db, id);
}

/** Where listing photos are stored: `public/listings/<listing id>/<photo id>-<width>.webp`. */
const LISTING_PHOTO_PREFIX = 'public/listings/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Listing photos for the storage sweeper: referenced while a listing's `photos` holds the variant. */
export const LISTING_PHOTO_FILES: StoredFileKind = {
  name: 'listing photos',
  prefix: LISTING_PHOTO_PREFIX,
  async referenced(db: Executor, keys: readonly string[]) {
    const ids = [
      ...new Set(keys.map((key) => key.slice(LISTING_PHOTO_PREFIX.length).split('/')[0] ?? '')),
    ].filter((id) => UUID.test(id));
    if (ids.length === 0) return new Set<string>();
    const rows = await db.select({ photos: listings.photos }).from(listings).where(inArray(listings.id, ids));
    return new Set(rows.flatMap((row) => row.photos.flatMap((photo) => photo.variants.map((v) => v.key))));
  },
};
