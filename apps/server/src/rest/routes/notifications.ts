import { defineRoutes } from '../route';

export const notificationRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/notifications',
    procedure: 'notifications.list',
    summary:
      'Your notifications, newest first, with the unread count; pass nextCursor as cursor for older ones',
    tag: 'Notifications',
    auth: 'bearer',
  },
  {
    method: 'POST',
    path: '/api/notifications/read',
    procedure: 'notifications.markRead',
    summary: 'Mark notifications read: ids, or all: true; answers the first page and the unread count',
    tag: 'Notifications',
    auth: 'bearer',
  },
]);
