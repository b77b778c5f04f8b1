import { createReadStream } from 'node:fs';
import { TRPCError } from '@trpc/server';
import sharp from 'sharp';
import { IMAGE_TYPES } from './sniff';
import type { FileStorage } from './storage';
import type { UploadedFile } from './uploads';

// One libvips thread per image and no cache: several uploads at once stay within a small memory budget.
sharp.concurrency(1);
sharp.cache(false);

/** Responsive widths a photo is made in (never enlarged: a smaller original yields fewer variants). */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;
/** Refuse decompression bombs: about 8000 × 6000 pixels at most. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Images decoded at the same time, server-wide (each needs its pixels in memory while it is resized). */
const MAX_PARALLEL = 2;

export interface ImageVariant {
  key: string;
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** Smallest first; the last is the largest. */
  variants: ImageVariant[];
  /** Each variant's stored size in bytes (after re-encoding), in the order of `variants`. */
  bytes: number[];
  width: number;
  height: number;
}

let running = 0;
const waiting: (() => void)[] = [];

async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const unreadable = (cause?: unknown) =>
  new TRPCError({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This image could not be read. Please upload another JPEG, PNG or WebP file.',
    cause,
  });

/**
 * Turns an uploaded image into WebP variants at `keyBase-<width>.webp`, turned upright by its EXIF orientation
 * and with every metadata block (EXIF, GPS, XMP, ICC comments) dropped: sharp writes none unless asked. Either
 * every variant is stored or none (a failure deletes the ones already written).
 */
export async function processImage(
  file: UploadedFile,
  storage: FileStorage,
  keyBase: string,
  widths: readonly number[] = PHOTO_WIDTHS,
): Promise<ProcessedImage> {
  if (!IMAGE_TYPES.includes(file.contentType)) throw unreadable();
  return withImageSlot(async () => {
    let meta: sharp.Metadata;
    try {
      meta = await sharp(file.path, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    } catch (error) {
      throw unreadable(error);
    }
    if (!meta.width || !meta.height) throw unreadable();
    // Width once upright (orientations 5-8 swap the sides).
    const uprightWidth = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
    const sizes = [...new Set(widths.map((w) => Math.min(w, uprightWidth)))].sort((a, b) => a - b);
    const stored: ImageVariant[] = [];
    const bytes: number[] = [];
    try {
      for (const width of sizes) {
        const { data, info } = await sharp(file.path, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78, effort: 3 })
          .toBuffer({ resolveWithObject: true });
        const key = `${keyBase}-${info.width}.webp`;
        await storage.put(key, data, { contentType: 'image/webp' });
        stored.push({ key, width: info.width, height: info.height });
        bytes.push(data.length);
      }
    } catch (error) {
      await Promise.all(stored.map((v) => storage.delete(v.key).catch(() => {})));
      if (error instanceof TRPCError) throw error;
      if (
        error instanceof Error &&
        /Input|unsupported|corrupt|pixel limit|VipsJpeg|pngload|webpload/i.test(error.message)
      )
        throw unreadable(error);
      throw error;
    }
    const largest = stored.at(-1) as ImageVariant;
    return { variants: stored, bytes, width: largest.width, height: largest.height };
  });
}

/** Stores an uploaded file as it is (a PDF, say), streamed from its temporary file. */
export async function storeUploadedFile(
  file: UploadedFile,
  storage: FileStorage,
  key: string,
): Promise<void> {
  await storage.put(key, createReadStream(file.path), { contentType: file.contentType, size: file.size });
}
