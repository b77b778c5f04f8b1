import type { Readable } from 'node:stream';
import {
  type ApiServices,
  createContext,
  dealLetter,
  invoicePdf,
  legInvoiceFile,
  readCertificate,
  readProof,
  requireSession,
  TAX_MESSAGES,
} from '@barterads/api';
import { DEAL_MESSAGES, DELIVERY_MESSAGES, MESSAGES, VERIFICATION_MESSAGES } from '@barterads/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorFromProcedure, sendError } from './errors';
import { requestMeta } from './request-meta';
import type { Settings } from './settings';

/** A file answered to one caller: an upload read from storage, or a PDF made for the request. */
interface PrivateFile {
  body: Readable | Buffer;
  size: number;
  contentType: string;
  filename: string;
}

type SessionUser = ReturnType<typeof requireSession>['user'];

interface PrivateFileRoute<P> {
  path: string;
  /** The path's parameters checked, or null (answered `invalid`). */
  params: (raw: Record<string, string>) => P | null;
  invalid: { status: 400 | 404; message: string };
  /** `inline` shows in the browser (photos, the certificate beside the admin's queue); `attachment` downloads. */
  disposition: 'inline' | 'attachment';
  /** The file for the signed-in caller; the domain refuses anyone who may not read it (404, as for no such file). */
  read: (services: ApiServices, user: SessionUser, params: P) => Promise<PrivateFile>;
  /** Logged with a server error. */
  failure: string;
}

/** A file name safe in a quoted header value (an upload's own name is display only). */
function headerFilename(name: string, fallback: string): string {
  return name.replace(/[^\w.\- ]+/g, '_').slice(0, 100) || fallback;
}

/**
 * One file route read by a session (cookie or bearer) only, never from a public or guessable path, never kept by a
 * shared cache, errors in the API's format.
 */
function registerPrivateFileRoute<P>(
  app: FastifyInstance,
  services: ApiServices,
  settings: Settings,
  route: PrivateFileRoute<P>,
): void {
  app.get<{ Params: Record<string, string> }>(route.path, async (request, reply) => {
    try {
      const params = route.params(request.params);
      if (params === null) return sendError(reply, route.invalid.status, { message: route.invalid.message });
      const ctx = await createContext(services, requestMeta(request, reply, settings));
      const session = requireSession(ctx, 'query');
      const file = await route.read(services, session.user, params);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header(
          'Content-Disposition',
          `${route.disposition}; filename="${headerFilename(file.filename, 'file')}"`,
        )
        .header('Content-Length', String(file.size))
        .type(file.contentType)
        .send(file.body);
    } catch (error) {
      const { status, body } = errorFromProcedure(error);
      if (status >= 500 && status !== 503) request.log.error({ err: error }, route.failure);
      return sendError(reply, status, body);
    }
  });
}

/** The path's parameters through `schema`, or null. */
function parsedBy<S extends z.ZodType>(schema: S) {
  return (raw: Record<string, string>): z.output<S> | null => {
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  };
}

const Id = z.object({ id: z.uuid() });
const ProofIds = z.object({ id: z.uuid(), proofId: z.uuid() });
const LegIds = z.object({ id: z.uuid(), legId: z.uuid() });
type IdParams = z.output<typeof Id>;

const pdf = (made: { pdf: Buffer; filename: string }): PrivateFile => ({
  body: made.pdf,
  size: made.pdf.length,
  contentType: 'application/pdf',
  filename: made.filename,
});

/**
 * The files only their own people may read:
 * - GET /api/verifications/:id/certificate: a GST certificate, for the business's owner and admins;
 * - GET /api/deals/:id/proofs/:proofId: a proof of delivery, for the deal's parties and admins;
 * - GET /api/deals/:id/letter.pdf: the deal letter (pdfkit), for the parties and admins, 409 before acceptance;
 * - GET /api/payments/invoices/:id.pdf: a GST tax invoice or credit note (pdfkit), for its buyer and admins;
 * - GET /api/deals/:id/legs/:legId/invoice.pdf: a barter leg's rule-46 tax invoice (draft until issued), for the
 *   leg's supplier, its recipient and admins, 409 for a leg that needs no invoice.
 */
export function registerPrivateFileRoutes(
  app: FastifyInstance,
  services: ApiServices,
  settings: Settings,
): void {
  registerPrivateFileRoute<IdParams>(app, services, settings, {
    path: '/api/verifications/:id/certificate',
    params: parsedBy(Id),
    invalid: { status: 400, message: VERIFICATION_MESSAGES.submissionNotFound },
    disposition: 'inline',
    read: (s, user, { id }) => readCertificate(s.database.db, s.storage, user, id),
    failure: 'certificate read failed',
  });
  registerPrivateFileRoute<z.output<typeof ProofIds>>(app, services, settings, {
    path: '/api/deals/:id/proofs/:proofId',
    params: parsedBy(ProofIds),
    invalid: { status: 404, message: DELIVERY_MESSAGES.proofNotFound },
    disposition: 'inline',
    read: (s, user, { id, proofId }) => readProof(s.database.db, s.storage, user, id, proofId),
    failure: 'proof read failed',
  });
  registerPrivateFileRoute<IdParams>(app, services, settings, {
    path: '/api/deals/:id/letter.pdf',
    params: parsedBy(Id),
    invalid: { status: 400, message: DEAL_MESSAGES.notFound },
    disposition: 'attachment',
    read: async (s, user, { id }) => pdf(await dealLetter(s.database.db, user, id)),
    failure: 'deal letter failed',
  });
  registerPrivateFileRoute<z.output<typeof LegIds>>(app, services, settings, {
    path: '/api/deals/:id/legs/:legId/invoice.pdf',
    params: parsedBy(LegIds),
    invalid: { status: 404, message: TAX_MESSAGES.legNotFound },
    disposition: 'attachment',
    read: async (s, user, { id, legId }) => pdf(await legInvoiceFile(s.database.db, user, id, legId)),
    failure: 'leg invoice pdf failed',
  });
  const invoiceId = parsedBy(Id);
  registerPrivateFileRoute<IdParams>(app, services, settings, {
    path: '/api/payments/invoices/:file',
    params: (raw) => invoiceId({ id: /^(.+)\.pdf$/.exec(raw.file ?? '')?.[1] ?? '' }),
    invalid: { status: 404, message: MESSAGES.invoiceNotFound },
    disposition: 'attachment',
    read: async (s, user, { id }) => pdf(await invoicePdf(s.database.db, s.config.seller, user, id)),
    failure: 'invoice pdf failed',
  });
}
