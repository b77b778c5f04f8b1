import { trpc } from '@barterads/api-client';
import { DELAYS_MS } from '@barterads/core';
import { useMutation } from '@tanstack/react-query';
import { postMultipart } from '../../components/post-multipart';

export interface DeliverForm {
  dealId: string;
  itemId: string;
  files: File[];
  note: string;
  link: string;
}

/**
 * POST /api/deals/{id}/items/{itemId}/deliver: the contract's multipart row, with the session cookie. The deal is
 * read back through tRPC.
 */
async function postDelivery(form: DeliverForm): Promise<void> {
  const body = new FormData();
  for (const file of form.files) body.append('files', file, file.name);
  if (form.note.trim()) body.append('note', form.note);
  if (form.link.trim()) body.append('link', form.link.trim());
  // Up to 10 photos from a phone on a slow connection.
  await postMultipart(
    `/api/deals/${form.dealId}/items/${form.itemId}/deliver`,
    body,
    DELAYS_MS.requestTimeout * 6,
  );
}

export function useDeliver() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: postDelivery,
    onSuccess: (_data, form) =>
      Promise.all([utils.deals.get.invalidate({ id: form.dealId }), utils.deals.list.invalidate()]),
  });
}

/**
 * POST /api/deals/{id}/items/{itemId}/dispute-evidence: the receiver's photos and PDFs for its open dispute (a
 * multipart row, like delivering). The deal is read back through tRPC.
 */
export async function postDisputeEvidence(dealId: string, itemId: string, files: File[]): Promise<void> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  await postMultipart(
    `/api/deals/${dealId}/items/${itemId}/dispute-evidence`,
    body,
    DELAYS_MS.requestTimeout * 6,
  );
}
