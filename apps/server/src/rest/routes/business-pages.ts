import { defineRoutes } from '../route';

export const businessPageRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/businesses/:id',
    procedure: 'businessPages.get',
    summary:
      "A business page: the owner's public card, active listings and public reviews; 404 when the page is not public",
    tag: 'Businesses',
    auth: 'none',
    input: (request) => ({ id: request.params.id }),
  },
]);
