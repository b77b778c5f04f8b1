import { DELAYS_MS } from '@barterads/core';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { postMultipart, UploadError } from '../../components/post-multipart';

/** A photo the server did not take, and why (its message: not a photo, too large, the listing is full). */
export interface PhotoNotAdded {
  name: string;
  message: string;
}

/**
 * Adds photos to a listing through the contract's multipart row, POST /api/barters/{id}/photos, one at a time and
 * in order (the first photo of a listing is its cover). Answers the ones that were not added.
 */
export async function uploadListingPhotos(listingId: string, files: File[]): Promise<PhotoNotAdded[]> {
  const notAdded: PhotoNotAdded[] = [];
  for (const file of files) {
    const body = new FormData();
    body.append('file', file, file.name);
    try {
      // Up to 10 MB from a phone on a slow connection.
      await postMultipart(`/api/barters/${listingId}/photos`, body, DELAYS_MS.requestTimeout * 3);
    } catch (error) {
      notAdded.push({
        name: file.name,
        message: error instanceof UploadError ? error.message : String(error),
      });
    }
  }
  return notAdded;
}

/** What to tell the member after a save that did not add every photo. */
function photosNotAddedMessage(notAdded: PhotoNotAdded[], i18n: I18n): string {
  const list = notAdded.map((photo) => `“${photo.name}”: ${photo.message}`).join(' ');
  const count = notAdded.length;
  return i18n._(
    msg`${plural(count, { one: 'One photo was not added.', other: '# photos were not added.' })} ${list}`,
  );
}

/**
 * Tells the member which photos a save did not add, and why, in the page's language (`i18n`: the caller's
 * useLingui); stays until closed. Nothing when all were added.
 */
export function showPhotosNotAdded(notAdded: PhotoNotAdded[], i18n: I18n): void {
  if (notAdded.length === 0) return;
  notifications.show({ color: 'yellow', autoClose: false, message: photosNotAddedMessage(notAdded, i18n) });
}
