import { defineRoutes } from '../route';

export const matchingRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/matches',
    procedure: 'matching.list',
    summary:
      'Your matches with their score and reasons: of one of your listings (listingId), or across all; top 3 per listing without Professional or Enterprise',
    tag: 'Matches',
    auth: 'bearer',
  },
]);
