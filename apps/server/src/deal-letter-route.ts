import { type ApiServices, createContext, dealLetter, requireSession } from '@barterads/api';
import { DEAL_MESSAGES } from '@barterads/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorFromProcedure, sendError } from './errors';
import { requestMeta } from './request-meta';
import type { Settings } from './settings';

const Params = z.object({ id: z.uuid({ error: DEAL_MESSAGES.notFound }) });

/**
 * GET /api/deals/:id/letter.pdf: the deal letter, made on the server with pdfkit, for the deal's parties and
 * admins (session cookie or bearer); 409 before acceptance. Never cached by a shared cache.
 */
export function registerDealLetterRoute(
  app: FastifyInstance,
  services: ApiServices,
  settings: Settings,
): void {
  app.get<{ Params: { id: string } }>('/api/deals/:id/letter.pdf', async (request, reply) => {
    try {
      const params = Params.safeParse(request.params);
      if (!params.success) return sendError(reply, 400, { message: DEAL_MESSAGES.notFound });
      const ctx = await createContext(services, requestMeta(request, reply, settings));
      const session = requireSession(ctx, 'query');
      const letter = await dealLetter(services.database.db, session.user, params.data.id);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `attachment; filename="${letter.filename}"`)
        .header('Content-Length', String(letter.pdf.length))
        .type('application/pdf')
        .send(letter.pdf);
    } catch (error) {
      const { status, body } = errorFromProcedure(error);
      if (status >= 500 && status !== 503) request.log.error({ err: error }, 'deal letter failed');
      return sendError(reply, status, body);
    }
  });
}
