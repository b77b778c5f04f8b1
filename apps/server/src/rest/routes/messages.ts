import { defineRoutes } from '../route';

export const messageRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/conversations',
    procedure: 'messages.conversations',
    summary:
      'Your conversations, newest activity first, with last message and unread counts (query q filters by name)',
    tag: 'Messages',
    auth: 'bearer',
  },
  {
    method: 'POST',
    path: '/api/conversations',
    procedure: 'messages.start',
    summary: "Open (or reopen) a conversation with a listing's owner, with an optional first text",
    tag: 'Messages',
    auth: 'bearer',
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/conversations/:id/messages',
    procedure: 'messages.list',
    summary: 'Messages of a conversation, oldest first; pass nextCursor as cursor for older ones',
    tag: 'Messages',
    auth: 'bearer',
    input: (req) => ({ ...req.query, conversationId: req.params.id }),
  },
  {
    method: 'POST',
    path: '/api/conversations/:id/messages',
    procedure: 'messages.send',
    summary: 'Send a plain-text message (1 to 4,000 characters)',
    tag: 'Messages',
    auth: 'bearer',
    status: 201,
    input: (req) => ({ ...(req.body as object), conversationId: req.params.id }),
  },
  {
    method: 'POST',
    path: '/api/conversations/:id/read',
    procedure: 'messages.markRead',
    summary: 'Mark the conversation read (up to the message id upTo, or all)',
    tag: 'Messages',
    auth: 'bearer',
    input: (req) => ({ ...(req.body as object), conversationId: req.params.id }),
  },
]);
