import { authedProcedure, publicProcedure, router } from '../trpc';
import { DATA_RIGHTS_MESSAGES, deleteAccount, exportUserData } from './data-rights';
import { login } from './login';
import { sendEmailCode, verifySignupCode } from './otp';
import {
  changePassword,
  getPreferences,
  sendEmailVerification,
  switchRole,
  updatePreferences,
  updateProfile,
  verifyEmail,
} from './profile';
import {
  AuthResult,
  ChangePasswordInput,
  DeleteAccountInput,
  DeleteAccountResult,
  LoginInput,
  MessageResult,
  Preferences,
  SendOtpInput,
  SendOtpResult,
  SessionResult,
  SignupInput,
  SwitchRoleInput,
  UpdatePreferencesInput,
  UpdateProfileInput,
  UserMessageResult,
  UserResult,
  VerifyEmailInput,
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

  /** After an e-mail change: mails a code to the new address. */
  sendEmailVerification: authedProcedure
    .output(SendOtpResult)
    .mutation(({ ctx }) => sendEmailVerification(ctx)),

  verifyEmail: authedProcedure
    .input(VerifyEmailInput)
    .output(UserMessageResult)
    .mutation(({ ctx, input }) => verifyEmail(ctx, input)),

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
