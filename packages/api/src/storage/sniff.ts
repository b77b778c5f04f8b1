import { PHOTO_TYPES } from '@barterads/core';

/** File types we accept, recognised by their first bytes (never by name or the client's declared type). */
export const SNIFFABLE_TYPES = [...PHOTO_TYPES, 'application/pdf'] as const;
export type SniffedType = (typeof SNIFFABLE_TYPES)[number];

export const IMAGE_TYPES: readonly SniffedType[] = PHOTO_TYPES;
export const DOCUMENT_TYPES: readonly SniffedType[] = [...IMAGE_TYPES, 'application/pdf'];

/** Bytes needed to tell every type apart. */
export const SNIFF_BYTES = 12;

const EXTENSIONS: Record<SniffedType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

export function extensionOf(type: SniffedType): string {
  return EXTENSIONS[type];
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

/** The type the leading bytes show, or null when they are none of ours. */
export function sniffContentType(head: Uint8Array): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF <size> WEBP
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}
