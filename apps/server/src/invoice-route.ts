import { type ApiServices, createContext, invoicePdf, requireSession } from '@barterads/api';
import { MESSAGES } from '@barterads/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorFromProcedure, sendError } from './errors';
import { requestMeta } from './request-meta';
import type { Settings } from './settings';

const Params = z.object({ id: z.uuid({ error: MESSAGES.invoiceNotFound }) });

/**
 * GET /api/payments/invoices/:id.pdf: a GST tax invoice or credit note, made on the server with pdfkit, for its
 * buyer and admins (session cookie or bearer); 404 for anyone else. Never cached by a shared cache.
 */
export function registerInvoiceRoute(app: FastifyInstance, services: ApiServices, settings: Settings): void {
  app.get<{ Params: { file: string } }>('/api/payments/invoices/:file', async (request, reply) => {
    try {
      const match = /^(.+)\.pdf$/.exec(request.params.file);
      const params = Params.safeParse({ id: match?.[1] });
      if (!params.success) return sendError(reply, 404, { message: MESSAGES.invoiceNotFound });
      const ctx = await createContext(services, requestMeta(request, reply, settings));
      const session = requireSession(ctx, 'query');
      const invoice = await invoicePdf(
        services.database.db,
        services.config.seller,
        session.user,
        params.data.id,
      );
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `attachment; filename="${invoice.filename}"`)
        .header('Content-Length', String(invoice.pdf.length))
        .type('application/pdf')
        .send(invoice.pdf);
    } catch (error) {
      const { status, body } = errorFromProcedure(error);
      if (status >= 500 && status !== 503) request.log.error({ err: error }, 'invoice pdf failed');
      return sendError(reply, status, body);
    }
  });
}
