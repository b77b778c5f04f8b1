import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { usePageMeta } from '../../components/usePageMeta';
import { MessagesPage } from '../../features/messages/MessagesPage';
import { StartConversation } from '../../features/messages/StartConversation';
import { readId, type SearchValues } from '../../features/search-params';

/**
 * `c`: the open conversation (also the target of the unread-message e-mail's link). `listing`: open (or start)
 * the conversation about this listing, where "Message" resumes after sign-in.
 */
const readMessagesSearch = (
  search: SearchValues,
): { c?: string | undefined; listing?: string | undefined } => ({
  c: readId(search.c),
  listing: readId(search.listing),
});

export const Route = createFileRoute('/dashboard/messages')({
  validateSearch: readMessagesSearch,
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
