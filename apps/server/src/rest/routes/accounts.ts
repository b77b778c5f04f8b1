import { defineRoutes } from '../route';

export const accountRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/auth/send-email-otp',
    aliases: ['/api/auth/send-otp'],
    procedure: 'accounts.sendEmailOtp',
    summary: 'Mail a 6-digit sign-up code (valid 10 minutes); answers an otp_token bound to the e-mail',
    tag: 'Accounts',
    auth: 'none',
  },
  {
    method: 'POST',
    path: '/api/auth/verify-otp',
    procedure: 'accounts.verifyOtp',
    summary: 'Check a mailed code; answers a proof_token that sign-up accepts once',
    tag: 'Accounts',
    auth: 'none',
  },
  {
    method: 'POST',
    path: '/api/auth/signup',
    procedure: 'accounts.signup',
    summary: 'Create an account with the proof_token of verify-otp as the bearer token',
    tag: 'Accounts',
    auth: 'proof-token',
    status: 201,
    input: (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const { proofToken: _ignored, ...rest } = body;
      return { ...rest, proofToken: request.bearerToken };
    },
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    procedure: 'accounts.login',
    summary: 'Sign in with e-mail and password; answers a bearer token and sets the session cookie',
    tag: 'Accounts',
    auth: 'none',
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    procedure: 'accounts.logout',
    summary: 'Revoke the current session',
    tag: 'Accounts',
    auth: 'bearer',
    status: 204,
  },
  {
    method: 'GET',
    path: '/api/auth/me',
    procedure: 'accounts.me',
    summary: 'The signed-in user',
    tag: 'Accounts',
    auth: 'bearer',
  },
  {
    method: 'PATCH',
    path: '/api/auth/me',
    procedure: 'accounts.updateProfile',
    summary:
      'Update the profile; `email` may only repeat the current address (a change goes through POST /api/auth/me/email)',
    tag: 'Accounts',
    auth: 'bearer',
  },
  {
    method: 'PATCH',
    path: '/api/auth/password',
    procedure: 'accounts.changePassword',
    summary: 'Change the password; every other session of the user is revoked',
    tag: 'Accounts',
    auth: 'bearer',
  },
  {
    method: 'POST',
    path: '/api/auth/me/email',
    procedure: 'accounts.requestEmailChange',
    summary:
      'Start an e-mail change with the current password: a code goes to the new address (the same answer if it is taken)',
    tag: 'Accounts',
    auth: 'bearer',
  },
  {
    method: 'POST',
    path: '/api/auth/me/email/confirm',
    procedure: 'accounts.confirmEmailChange',
    summary: 'Finish an e-mail change with the code sent to the new address; the old address is told',
    tag: 'Accounts',
    auth: 'bearer',
  },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    procedure: 'accounts.requestPasswordReset',
    summary: 'Mail a password-reset code (the same answer whether or not the address has an account)',
    tag: 'Accounts',
    auth: 'none',
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    procedure: 'accounts.resetPassword',
    summary: 'Set a new password with the mailed code; every session of the account is revoked',
    tag: 'Accounts',
    auth: 'none',
  },
  {
    method: 'PATCH',
    path: '/api/auth/switch-role',
    procedure: 'accounts.switchRole',
    summary: 'Switch the business type (advertiser or media_owner) of the signed-in user',
    tag: 'Accounts',
    auth: 'bearer',
  },
]);
