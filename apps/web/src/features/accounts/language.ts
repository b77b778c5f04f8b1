import { trpc } from '@barterads/api-client';
import { useEffect } from 'react';
import { setLanguageSaver } from '../../i18n/preference';

/**
 * While a member is signed in, the header's language switch also saves the choice in their profile
 * (`language`, PATCH /api/auth/me), which their e-mails and WhatsApp messages follow.
 */
export function useProfileLanguageSaver(): void {
  const { mutate } = trpc.accounts.updateProfile.useMutation();
  useEffect(() => {
    setLanguageSaver((language) => mutate({ language }));
    return () => setLanguageSaver(undefined);
  }, [mutate]);
}
