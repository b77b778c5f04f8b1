import { myAccountManager } from '../admin/account-managers';
import { MyAccountManagerOutput } from '../admin/schemas';
import { authedProcedure, publicProcedure, router } from '../trpc';
import { DATA_RIGHTS_MESSAGES, deleteAccount, exportUserData } from './data-rights';
import { confirmEmailChange, requestEmailChange } from './email-change';
import { login } from './login';
import { sendEmailCode, verifySignupCode } from './otp';
import { requestPasswordReset, resetPassword } from './password-reset';
import { changePassword, getPreferences, switchRole, updatePreferences, updateProfile } from './profile';
import {
  AuthResult,
  ChangePasswordInput,
  ConfirmEmailChangeInput,
  DeleteAccountInput,
  DeleteAccountResult,
  LoginInput,
  MessageResult,
  Preferences,
  RequestEmailChangeInput,
  RequestPasswordResetInput,
  ResetPasswordInput,
  SendOtpInput,
  SendOtpResult,
  SessionResult,
  SignupInput,
  SwitchRoleInput,
  UpdatePreferencesInput,
  UpdateProfileInput,
  UserMessageResult,
  UserResult,
  VerifyOtpInput,
  VerifyOtpResult,
} from './schemas';
import { revokeSession } from './sessions';
import { signup } from './signup';
import { toPublicUser } from './users';

export const accountsRouter = router({
  /** The signed-in user, or null: lets the apps render without a 401. */
  session: publicProcedure.output(SessionResult).query(({ ctx }) => ({
    user: ctx.session && ctx.session.user.status === 'active' ? toPublicUser(ctx.session.user) : null,
  })),

  /** Mails a sign-up code; the same answer whether or not the e-mail has an account. */
  sendEmailOtp: publicProcedure
    .input(SendOtpInput)
    .output(SendOtpResult)
    .mutation(({ ctx, input }) => sendEmailCode(ctx, { email: input.email, purpose: 'signup' })),

  verifyOtp: publicProcedure
    .input(VerifyOtpInput)
    .output(VerifyOtpResult)
    .mutation(({ ctx, input }) => verifySignupCode(ctx, input)),

  signup: publicProcedure
    .input(SignupInput)
    .output(AuthResult)
    .mutation(({ ctx, input }) => signup(ctx, input)),

  login: publicProcedure
    .input(LoginInput)
    .output(AuthResult)
    .mutation(({ ctx, input }) => login(ctx, input)),

  logout: authedProcedure.output(MessageResult).mutation(async ({ ctx }) => {
    await revokeSession(ctx.services.database.db, ctx.session.session.id);
    ctx.meta.clearSessionCookie();
    return { message: 'Logged out' };
  }),

  me: authedProcedure.output(UserResult).query(({ ctx }) => ({ user: toPublicUser(ctx.user) })),

  /** The Enterprise member's account manager (name, e-mail), or null. */
  accountManager: authedProcedure.output(MyAccountManagerOutput).query(async ({ ctx }) => ({
    accountManager: await myAccountManager(ctx.services.database.db, ctx.user.id),
  })),

  updateProfile: authedProcedure
    .input(UpdateProfileInput)
    .output(UserMessageResult)
    .mutation(({ ctx, input }) => updateProfile(ctx, input)),

  changePassword: authedProcedure
    .input(ChangePasswordInput)
    .output(MessageResult)
    .mutation(({ ctx, input }) => changePassword(ctx, input)),

  switchRole: authedProcedure
    .input(SwitchRoleInput)
    .output(UserResult)
    .mutation(({ ctx, input }) => switchRole(ctx, input.role)),

  preferences: authedProcedure.output(Preferences).query(({ ctx }) => getPreferences(ctx)),

  updatePreferences: authedProcedure
    .input(UpdatePreferencesInput)
    .output(Preferences)
    .mutation(({ ctx, input }) => updatePreferences(ctx, input)),

  /** E-mail change, step one: password checked, a code mailed to the new address (same answer if it is taken). */
  requestEmailChange: authedProcedure
    .input(RequestEmailChangeInput)
    .output(SendOtpResult)
    .mutation(({ ctx, input }) => requestEmailChange(ctx, input)),

  /** E-mail change, step two: the code applies the change and the old address is told. */
  confirmEmailChange: authedProcedure
    .input(ConfirmEmailChangeInput)
    .output(UserMessageResult)
    .mutation(({ ctx, input }) => confirmEmailChange(ctx, input)),

  /** Forgot password, step one: a code to the address (the same answer whether or not it has an account). */
  requestPasswordReset: publicProcedure
    .input(RequestPasswordResetInput)
    .output(SendOtpResult)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx, input)),

  /** Forgot password, step two: the code and a new password; every session revoked, the owner told. */
  resetPassword: publicProcedure
    .input(ResetPasswordInput)
    .output(MessageResult)
    .mutation(({ ctx, input }) => resetPassword(ctx, input)),

  /** DPDP: everything stored about the signed-in user, as JSON. */
  exportData: authedProcedure.query(({ ctx }) => exportUserData(ctx.services.database.db, ctx.user)),

  /** DPDP: erase the account (password re-checked); listings archived, messages anonymized, sessions revoked. */
  deleteAccount: authedProcedure
    .input(DeleteAccountInput)
    .output(DeleteAccountResult)
    .mutation(async ({ ctx, input }) => {
      await deleteAccount(ctx, input.password);
      return { message: DATA_RIGHTS_MESSAGES.accountDeleted };
    }),
});
