import { defineRoutes } from '../route';

export const contactRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/contact',
    procedure: 'contact.send',
    summary: 'Send a message through the public contact form; stored and mailed to the company',
    tag: 'Contact',
    auth: 'none',
    status: 201,
  },
]);
