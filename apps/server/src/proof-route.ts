import { type ApiServices, createContext, readProof, requireSession } from '@barterads/api';
import { DELIVERY_MESSAGES } from '@barterads/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorFromProcedure, sendError } from './errors';
import { requestMeta } from './request-meta';
import type { Settings } from './settings';

const Params = z.object({
  id: z.uuid({ error: DELIVERY_MESSAGES.proofNotFound }),
  proofId: z.uuid({ error: DELIVERY_MESSAGES.proofNotFound }),
});

/** A file name safe in a quoted header value (the upload's own name is display only). */
function headerFilename(name: string): string {
  return name.replace(/[^\w.\- ]+/g, '_').slice(0, 100) || 'proof';
}

/**
 * GET /api/deals/:id/proofs/:proofId: one proof-of-delivery file, streamed to the deal's parties and admins only
 * (session cookie or bearer); anyone else gets 404, as for an unknown id. Never from a public or guessable path,
 * never cached by a shared cache. Shown inline (photos in the deal page, PDFs in the browser's viewer).
 */
export function registerProofRoute(app: FastifyInstance, services: ApiServices, settings: Settings): void {
  app.get<{ Params: { id: string; proofId: string } }>(
    '/api/deals/:id/proofs/:proofId',
    async (request, reply) => {
      try {
        const params = Params.safeParse(request.params);
        if (!params.success) return sendError(reply, 404, { message: DELIVERY_MESSAGES.proofNotFound });
        const ctx = await createContext(services, requestMeta(request, reply, settings));
        const session = requireSession(ctx, 'query');
        const file = await readProof(
          services.database.db,
          services.storage,
          session.user,
          params.data.id,
          params.data.proofId,
        );
        return reply
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Disposition', `inline; filename="${headerFilename(file.filename)}"`)
          .header('Content-Length', String(file.size))
          .type(file.contentType)
          .send(file.body);
      } catch (error) {
        const { status, body } = errorFromProcedure(error);
        if (status >= 500 && status !== 503) request.log.error({ err: error }, 'proof read failed');
        return sendError(reply, status, body);
      }
    },
  );
}
