import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: one interface, two implementations chosen by settings (local disk under the data
 * folder, or an S3-compatible bucket). Keys are slash-separated paths such as `public/listings/<id>/<photo>.webp`.
 *
 * - Keys under `public/` are served to anyone by the server's `/files/*` route with long cache headers
 *   (`publicUrl`); write them once and never change their bytes (new content gets a new key).
 * - Any other key is private: only a domain's own authorized route reads it (`get`) and streams it to a caller
 *   it has checked (GST certificates, delivery proofs).
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /**
   * Stores bytes under a key, whole or not at all (a failed write leaves nothing behind). A stream needs its
   * `size` (S3 wants the length up front); a buffer's is its length.
   */
  put(key: string, body: Buffer | Readable, meta: PutMeta): Promise<{ size: number }>;
  /** The object's bytes as a stream, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Deletes the object; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Whether an object exists under the key. */
  exists(key: string): Promise<boolean>;
  /**
   * Every object whose key starts with `prefix` (a folder: ends with `/`), with when it was written, in pages as
   * the store gives them; for the storage sweeper, which deletes objects no row references.
   */
  list(prefix: string): AsyncIterable<ListedObject>;
}

export interface ListedObject {
  key: string;
  modifiedAt: Date;
}

export interface PutMeta {
  contentType: string;
  /** Required for a stream body. */
  size?: number;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/** Keys are plain relative paths: letters, digits, `-`, `_`, `.` segments joined by `/`, no `..`. */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
export const PUBLIC_PREFIX = 'public/';

export function assertValidKey(key: string): void {
  if (
    key.length > 512 ||
    !KEY_PATTERN.test(key) ||
    key.split('/').some((part) => part === '..' || part === '.')
  )
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

export function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

/** The path the server serves a public key at (relative to the app's origin). */
export function publicUrl(key: string): string {
  if (!key.startsWith(PUBLIC_PREFIX)) throw new Error(`Not a public storage key: ${key}`);
  return `/files/${key}`;
}

/** The key behind a `/files/...` URL of ours, or null for any other URL. */
export function keyFromPublicUrl(url: string): string | null {
  const match = /^\/files\/(public\/.+)$/.exec(url);
  return match?.[1] && isValidKey(match[1]) ? match[1] : null;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

/** The content type a key's extension stands for (local disk keeps no metadata beside the bytes). */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES_BY_EXTENSION[extension] ?? 'application/octet-stream';
}
