import { defineRoutes } from '../route';

export const savedSearchRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/saved-searches',
    procedure: 'savedSearches.list',
    summary: 'Your saved searches, in the order you saved them',
    tag: 'Saved searches',
    auth: 'bearer',
  },
  {
    method: 'POST',
    path: '/api/saved-searches',
    procedure: 'savedSearches.create',
    summary:
      'Save a marketplace search: name, query (the marketplace filters q, category, ownerRole, city, verifiedOnly, rateMin, rateMax, availableFrom, availableTo), frequency (instant, daily, weekly, never); 409 past 20',
    tag: 'Saved searches',
    auth: 'bearer',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/saved-searches/:id',
    procedure: 'savedSearches.update',
    summary: 'Rename one of your saved searches, change its filters or its alert frequency',
    tag: 'Saved searches',
    auth: 'bearer',
    input: (request) => ({ ...(request.body as Record<string, unknown>), id: request.params.id }),
  },
  {
    method: 'DELETE',
    path: '/api/saved-searches/:id',
    procedure: 'savedSearches.delete',
    summary: 'Delete one of your saved searches',
    tag: 'Saved searches',
    auth: 'bearer',
    input: (request) => ({ id: request.params.id }),
  },
]);
