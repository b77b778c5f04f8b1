import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/usePageMeta';
import { MessagesPage } from '../../features/messages/MessagesPage';

/**
 * `c`: the open conversation (also the target of the unread-message e-mail's link). zod/mini: a route's
 * search schema is part of the main bundle that every page loads (page-weight budget, issue 9).
 */
const MessagesSearch = z.object({ c: z.catch(z.optional(z.uuid()), undefined) });

export const Route = createFileRoute('/dashboard/messages')({
  validateSearch: MessagesSearch,
  component: MessagesRoute,
});

function MessagesRoute() {
  usePageMeta('Messages');
  const { c } = Route.useSearch();
  const navigate = useNavigate({ from: '/dashboard/messages' });
  return <MessagesPage selectedId={c} onSelect={(id) => void navigate({ search: id ? { c: id } : {} })} />;
}
