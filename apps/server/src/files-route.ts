import { type FileStorage, isValidKey, PUBLIC_PREFIX } from '@barterads/api';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';

/**
 * Serves public stored files (`/files/public/...`: listing photos, demo images) from whichever storage is
 * configured. Keys are never reused for other bytes, so answers are cached for a year. Private keys are never
 * served here: their domain streams them after its own authorization check.
 */
export function registerFilesRoute(app: FastifyInstance, storage: FileStorage): void {
  app.get<{ Params: { '*': string } }>('/files/*', async (request, reply) => {
    const key = request.params['*'];
    if (!key.startsWith(PUBLIC_PREFIX) || !isValidKey(key))
      return sendError(reply, 404, { message: 'File not found.', code: 'NOT_FOUND' });
    const object = await storage.get(key);
    if (!object) return sendError(reply, 404, { message: 'File not found.', code: 'NOT_FOUND' });
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Length', String(object.size))
      .type(object.contentType)
      .send(object.body);
  });
}
