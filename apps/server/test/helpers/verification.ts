import type { TestResponse, TestServer } from './server';

export interface CertificateFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A small but complete one-page PDF ("GST REG-06"), like a downloaded registration certificate. */
export function certificatePdf(): CertificateFile {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 120] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = 'BT /F1 14 Tf 20 60 Td (Form GST REG-06 Registration Certificate) Tj ET';
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name: 'certificate.pdf', type: 'application/pdf', bytes: Buffer.from(pdf, 'latin1') };
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
