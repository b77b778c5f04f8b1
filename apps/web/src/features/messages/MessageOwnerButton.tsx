import { errorMessage, type SessionUser, trpc } from '@barterads/api-client';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import buttons from '../../components/PlainButton.module.css';

/** Loaded on first use: a results page holds 24 of these buttons and most visitors never need it. */
const SignInRequiredModal = lazy(() => import('../../components/SignInRequiredModal'));

export interface MessageOwnerButtonProps {
  listingId: string;
  ownerId: string;
  /** The signed-in user (null when signed out, undefined while loading): the page's, passed to every card. */
  user: SessionUser | null | undefined;
  /** The button's words; 'Message' by default. */
  label?: string;
  /** Extra class names (the landing page's cards make it full width). */
  className?: string;
}

/** Where a signed-out visitor continues after signing in: the messages page opens this listing's conversation. */
export function resumeMessagePath(listingId: string): string {
  return `/dashboard/messages?listing=${encodeURIComponent(listingId)}`;
}

/**
 * 'Message' on a listing card: opens (or reopens) the conversation with the listing's owner.
 * Hidden on the user's own listings. A signed-out visitor gets the sign-in-required modal saying why; after
 * signing in (or creating an account) the conversation opens.
 * A plain button in Mantine's light variant (PlainButton.module.css): every card of a results page has one.
 */
export function MessageOwnerButton({ listingId, ownerId, user, label, className }: MessageOwnerButtonProps) {
  // The router itself, not useLocation(): a marketplace page holds 24 of these buttons, and none needs to
  // re-render when the URL changes.
  const { t, i18n } = useLingui();
  const router = useRouter();
  const [modal, setModal] = useState<'closed' | 'open' | 'unused'>('unused');
  const start = trpc.messages.start.useMutation({
    onSuccess: async ({ conversation }) => {
      await router.navigate({ to: '/dashboard/messages', search: { c: conversation._id } });
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: errorMessage(error, i18n._(msg`Message not sent.`)) });
    },
  });
  if (user && user._id === ownerId) return null;
  return (
    <>
      <button
        type="button"
        className={`${buttons.button} ${buttons.light}${className ? ` ${className}` : ''}`}
        aria-busy={start.isPending || undefined}
        disabled={user === undefined || start.isPending}
        onClick={() => {
          if (user === null) {
            setModal('open');
            return;
          }
          if (user) start.mutate({ barterId: listingId });
        }}
      >
        {label ?? t`Message`}
      </button>
      {modal !== 'unused' && (
        <Suspense fallback={null}>
          <SignInRequiredModal
            opened={modal === 'open'}
            onClose={() => setModal('closed')}
            title={t`Sign in to send a message`}
            reason={t`Messages go between BarterAds members. Sign in or create a free account, and the conversation with this listing's owner opens right after.`}
            redirect={resumeMessagePath(listingId)}
          />
        </Suspense>
      )}
    </>
  );
}
