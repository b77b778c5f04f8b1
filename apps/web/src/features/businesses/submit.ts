import { trpc } from '@barterads/api-client';
import { DELAYS_MS, MESSAGES } from '@barterads/core';
import { useMutation } from '@tanstack/react-query';

export interface VerificationForm {
  gstin: string;
  legalName: string;
  pan: string;
  udyam: string;
  certificate: File;
}

/** A refusal of the server: its message and the field issues (`{ path, message }`) of a 400. */
export class SubmitVerificationError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'SubmitVerificationError';
  }
}

/**
 * POST /api/auth/me/verification: the contract's multipart row (a file cannot travel in tRPC's JSON), with the
 * session cookie. The one place the web app sends this form; the status is read back through tRPC.
 */
async function postVerification(form: VerificationForm): Promise<void> {
  const body = new FormData();
  body.append('gstin', form.gstin);
  body.append('legalName', form.legalName);
  if (form.pan.trim()) body.append('pan', form.pan);
  if (form.udyam.trim()) body.append('udyam', form.udyam);
  body.append('certificate', form.certificate, form.certificate.name);
  let response: Response;
  try {
    response = await fetch('/api/auth/me/verification', {
      method: 'POST',
      body,
      credentials: 'include',
      // Uploads get longer than a JSON call: a 10 MB scan on a slow phone connection.
      signal: AbortSignal.timeout(DELAYS_MS.requestTimeout * 4),
    });
  } catch {
    throw new SubmitVerificationError(MESSAGES.networkError, 0);
  }
  if (response.ok) return;
  const answer = (await response.json().catch(() => null)) as {
    message?: string;
    issues?: { path: string; message: string }[];
  } | null;
  throw new SubmitVerificationError(
    answer?.message ?? MESSAGES.networkError,
    response.status,
    answer?.issues,
  );
}

/** Submits the form, then refreshes the status the settings section shows. */
export function useSubmitVerification() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: postVerification,
    onSuccess: () => utils.businesses.myVerification.invalidate(),
  });
}
