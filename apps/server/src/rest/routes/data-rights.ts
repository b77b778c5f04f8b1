import { defineRoutes } from '../route';

/** Data rights (India's DPDP Act): download and erase one's own data. */
export const dataRightsRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/auth/me/export',
    procedure: 'accounts.exportData',
    summary: 'Everything stored about the signed-in user, as JSON',
    tag: 'Accounts',
    auth: 'bearer',
  },
  {
    method: 'DELETE',
    path: '/api/auth/me',
    procedure: 'accounts.deleteAccount',
    summary:
      'Delete the account after re-checking the password: listings archived, messages anonymized, sessions revoked',
    tag: 'Accounts',
    auth: 'bearer',
  },
]);
