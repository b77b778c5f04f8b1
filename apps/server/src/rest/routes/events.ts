import { defineRoutes } from '../route';

export const eventRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/events',
    procedure: 'events.list',
    summary:
      'The events you may see (your deals, your listings; an admin all), oldest first after the sequence `after`; filter by `types` (comma-separated); pass nextAfter as after to poll on',
    tag: 'Events',
    auth: 'bearer',
  },
]);
