import { defineRoutes } from '../route';

const byId = (request: { params: Record<string, string> }) => ({ id: request.params.id });

/** Partner webhook endpoints (Professional and Enterprise): a signed-in session, never an API key. */
export const webhookRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/webhooks',
    procedure: 'webhooks.list',
    summary: 'Your webhook endpoints (and whether your plan includes webhooks: `apiAccess`)',
    tag: 'Webhooks',
    auth: 'bearer',
  },
  {
    method: 'POST',
    path: '/api/webhooks',
    procedure: 'webhooks.create',
    summary:
      'Register an endpoint: `url` (https; never a local, private or link-local address) and the event `types` it wants; the answer shows its signing secret once',
    tag: 'Webhooks',
    auth: 'bearer',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/webhooks/:id',
    procedure: 'webhooks.update',
    summary: 'Change an endpoint: `url`, `types`, `enabled` (true turns a disabled endpoint back on)',
    tag: 'Webhooks',
    auth: 'bearer',
    input: (request) => ({ ...(request.body as Record<string, unknown>), id: request.params.id }),
  },
  {
    method: 'DELETE',
    path: '/api/webhooks/:id',
    procedure: 'webhooks.delete',
    summary: 'Delete an endpoint (nothing more is sent to it)',
    tag: 'Webhooks',
    auth: 'bearer',
    input: byId,
    status: 204,
  },
  {
    method: 'POST',
    path: '/api/webhooks/:id/rotate-secret',
    procedure: 'webhooks.rotateSecret',
    summary:
      'A new signing secret, shown once; the old one keeps signing for 24 hours (deliveries carry a v1 for each)',
    tag: 'Webhooks',
    auth: 'bearer',
    input: byId,
  },
  {
    method: 'POST',
    path: '/api/webhooks/:id/test',
    procedure: 'webhooks.test',
    summary: 'Send a `webhook.test` event to this endpoint now (tried once); answers its delivery',
    tag: 'Webhooks',
    auth: 'bearer',
    input: byId,
  },
  {
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    procedure: 'webhooks.deliveries',
    summary:
      "The endpoint's 50 latest deliveries, newest first, with status, attempts and the last status code",
    tag: 'Webhooks',
    auth: 'bearer',
    input: byId,
  },
  {
    method: 'POST',
    path: '/api/webhooks/:id/deliveries/:deliveryId/resend',
    procedure: 'webhooks.resend',
    summary: 'Send a delivery again now (retried for 3 days like a new one)',
    tag: 'Webhooks',
    auth: 'bearer',
    input: (request) => ({ id: request.params.id, deliveryId: request.params.deliveryId }),
  },
]);
