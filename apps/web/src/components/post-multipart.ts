import { MESSAGES } from '@barterads/core';

/** A refused or failed upload: the server's message (or the network's), and the HTTP status (0: no answer). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * POSTs files to one of the contract's multipart REST rows (files cannot travel in tRPC's JSON) with the session
 * cookie; answers the JSON answer, or throws UploadError with the server's message (its first issue for a 400).
 */
export async function postMultipart(url: string, body: FormData, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body,
      credentials: 'include',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new UploadError(MESSAGES.networkError, 0);
  }
  const answer = (await response.json().catch(() => null)) as {
    message?: string;
    issues?: { message: string }[];
  } | null;
  if (response.ok) return answer;
  throw new UploadError(
    answer?.issues?.[0]?.message ?? answer?.message ?? MESSAGES.networkError,
    response.status,
  );
}
