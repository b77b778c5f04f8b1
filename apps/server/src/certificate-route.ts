import { type ApiServices, createContext, readCertificate, requireSession } from '@barterads/api';
import { VERIFICATION_MESSAGES } from '@barterads/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorFromProcedure, sendError } from './errors';
import { requestMeta } from './request-meta';
import type { Settings } from './settings';

const Params = z.object({ id: z.uuid({ error: VERIFICATION_MESSAGES.submissionNotFound }) });

/** A file name safe in a quoted header value (the upload's own name is display only). */
function headerFilename(name: string): string {
  return name.replace(/[^\w.\- ]+/g, '_').slice(0, 100) || 'certificate';
}

/**
 * GET /api/verifications/:id/certificate: a GST certificate, streamed to the business's owner or an admin only
 * (session cookie or bearer), never from a public or guessable path, never cached by a shared cache. Shown inline
 * (the admin's queue displays the PDF beside the submitted fields).
 */
export function registerCertificateRoute(
  app: FastifyInstance,
  services: ApiServices,
  settings: Settings,
): void {
  app.get<{ Params: { id: string } }>('/api/verifications/:id/certificate', async (request, reply) => {
    try {
      const params = Params.safeParse(request.params);
      if (!params.success)
        return sendError(reply, 400, { message: VERIFICATION_MESSAGES.submissionNotFound });
      const ctx = await createContext(services, requestMeta(request, reply, settings));
      const session = requireSession(ctx, 'query');
      const file = await readCertificate(
        services.database.db,
        services.storage,
        session.user,
        params.data.id,
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
      if (status >= 500 && status !== 503) request.log.error({ err: error }, 'certificate read failed');
      return sendError(reply, status, body);
    }
  });
}
