import { onePagePdf } from '@barterads/testing';
import type { TestResponse, TestServer } from './server';

export interface CertificateFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A one-page PDF ("GST REG-06"), like a downloaded registration certificate. */
export function certificatePdf(): CertificateFile {
  return {
    name: 'certificate.pdf',
    type: 'application/pdf',
    bytes: onePagePdf('Form GST REG-06 Registration Certificate'),
  };
}

/** A 1 × 1 PNG (a photographed certificate, in miniature). */
export function certificatePng(): CertificateFile {
  return {
    name: 'certificate.png',
    type: 'image/png',
    bytes: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  };
}

export interface SubmissionFields {
  gstin?: string;
  legalName?: string;
  pan?: string;
  udyam?: string;
  certificate?: CertificateFile;
}

/** POST /api/auth/me/verification as a multipart form, the way the contract documents it. */
export async function submitVerification(
  server: Pick<TestServer, 'baseUrl'>,
  token: string | undefined,
  fields: SubmissionFields,
): Promise<TestResponse> {
  const form = new FormData();
  for (const key of ['gstin', 'legalName', 'pan', 'udyam'] as const) {
    const value = fields[key];
    if (value !== undefined) form.append(key, value);
  }
  if (fields.certificate) {
    form.append(
      'certificate',
      new Blob([new Uint8Array(fields.certificate.bytes)], { type: fields.certificate.type }),
      fields.certificate.name,
    );
  }
  const response = await fetch(`${server.baseUrl}/api/auth/me/verification`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, text };
}
