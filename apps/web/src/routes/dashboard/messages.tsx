import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/usePageMeta';
import { MessagesPage } from '../../features/messages/MessagesPage';
import { StartConversation } from '../../features/messages/StartConversation';

/**
 * `c`: the open conversation (also the target of the unread-message e-mail's link). `listing`: open (or start)
 * the conversation about this listing, where "Message" resumes after sign-in. zod/mini: a route's search schema
 * is part of the main bundle that every page loads (page-weight budget, issue 9).
 */
const MessagesSearch = z.object({
  c: z.catch(z.optional(z.uuid()), undefined),
  listing: z.catch(z.optional(z.uuid()), undefined),
});

export const Route = createFileRoute('/dashboard/messages')({
  validateSearch: MessagesSearch,
  component: MessagesRoute,
});

function MessagesRoute() {
  const { t } = useLingui();
  usePageMeta(t`Messages`);
  const { c, listing } = Route.useSearch();
  const navigate = useNavigate({ from: '/dashboard/messages' });
  if (listing && !c) {
    return (
      <StartConversation
        listingId={listing}
        onStarted={(id) => void navigate({ search: { c: id }, replace: true })}
        onGiveUp={() => void navigate({ search: {}, replace: true })}
      />
    );
  }
  return <MessagesPage selectedId={c} onSelect={(id) => void navigate({ search: id ? { c: id } : {} })} />;
}
