import { COMPANY } from '@barterads/core';
import type { EventRow } from '@barterads/db';
import type { Mailer } from '../mail/mailer';
import type { ApiConfig } from '../services';

/** The mails that tell an account's owner about a change to it, or an address that an attempt could not use. */

function signInHelp(config: Pick<ApiConfig, 'appUrl'>): string[] {
  const login = new URL('/login', config.appUrl).toString();
  return [
    `If this was not you, reset your password with "Forgot password?" at ${login}`,
    `and write to ${COMPANY.supportEmail}.`,
  ];
}

function when(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** a***@example.com: enough for the owner to recognize, not the whole address. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

function emailChangedWords(config: Pick<ApiConfig, 'appUrl'>, masked: string, at: Date) {
  return {
    subject: 'Your BarterAds e-mail address was changed',
    text: [
      `The e-mail address of your BarterAds account was changed to ${masked} on ${when(at)}.`,
      'Sign-in and mail now use the new address.',
      '',
      ...signInHelp(config),
    ].join('\n'),
  };
}

export function passwordChangedNotice(config: Pick<ApiConfig, 'appUrl'>, at: Date) {
  return {
    subject: 'Your BarterAds password was changed',
    text: [
      `The password of your BarterAds account was reset with a code sent to this address on ${when(at)}.`,
      'Every device that was signed in has been signed out.',
      '',
      ...signInHelp(config),
    ].join('\n'),
  };
}

/** Someone asked to move an account to an address that already has one: no code, just this. */
export function addressTakenNotice(config: Pick<ApiConfig, 'appUrl'>) {
  const login = new URL('/login', config.appUrl).toString();
  return {
    subject: 'This address already has a BarterAds account',
    text: [
      'Someone asked to use this e-mail address for another BarterAds account, but it already has one, so',
      'nothing was changed.',
      '',
      `If you have forgotten its password, use "Forgot password?" at ${login}`,
      'If you did not ask for anything, you can ignore this e-mail.',
    ].join('\n'),
  };
}

/** A password reset for an address without an account. */
export function noAccountNotice(config: Pick<ApiConfig, 'appUrl'>) {
  const signup = new URL('/signup', config.appUrl).toString();
  return {
    subject: 'BarterAds password reset',
    text: [
      'Someone asked to reset the password of a BarterAds account with this e-mail address, but no account',
      `uses it. To create one, go to ${signup}`,
      '',
      'If you did not ask for anything, you can ignore this e-mail.',
    ].join('\n'),
  };
}

/** The sign-up mail of an address that already has an account: no code (nothing to finish), but the way in. */
export function existingAccountNotice(config: Pick<ApiConfig, 'appUrl'>) {
  const login = new URL('/login', config.appUrl).toString();
  return {
    subject: 'You already have a BarterAds account',
    text: [
      'Someone (probably you) asked to create a BarterAds account with this e-mail address, but you already have one.',
      '',
      `Sign in at ${login} instead. If you do not remember your password, use "Forgot password?" on that page to reset it.`,
      '',
      'If you did not ask for this, you can ignore this e-mail: nothing was changed.',
    ].join('\n'),
  };
}

/**
 * The security notices of an account change (member-only events, never a partner's): written in the change's
 * transaction and sent by the dispatcher's e-mail channel (`deliverAccountMail`), recorded and retried with backoff,
 * so a mail server that is down when the password or address changes delays the notice but does not lose it.
 */
export const PASSWORD_CHANGED_EVENT = 'account.password_changed';
export const EMAIL_CHANGED_EVENT = 'account.email_changed';

/** An account notice event's data: the address it goes to (the old one, for an address change) and when. */
export interface AccountMailData {
  to: string;
  at: string;
  /** `account.email_changed`: the new address, masked as the mail shows it. */
  newEmailMasked?: string;
}

/** The account notice events' data (`to` the address the notice goes to). */
export function passwordChangedData(to: string, at: Date): AccountMailData {
  return { to, at: at.toISOString() };
}
export function emailChangedData(oldEmail: string, newEmail: string, at: Date): AccountMailData {
  return { to: oldEmail, at: at.toISOString(), newEmailMasked: maskEmail(newEmail) };
}

/** The e-mail channel's delivery of an account notice event: sent whatever the member's preferences (security). */
export async function deliverAccountMail(
  mailer: Mailer,
  appUrl: string,
  event: Pick<EventRow, 'type' | 'data'>,
): Promise<'delivered' | 'skipped'> {
  const data = event.data as Partial<AccountMailData>;
  // Erased with the account (data-rights.ts): nothing to send.
  if (!data.to || !data.at) return 'skipped';
  const at = new Date(data.at);
  const config = { appUrl };
  const notice =
    event.type === PASSWORD_CHANGED_EVENT
      ? passwordChangedNotice(config, at)
      : event.type === EMAIL_CHANGED_EVENT && data.newEmailMasked
        ? emailChangedWords(config, data.newEmailMasked, at)
        : null;
  if (!notice) return 'skipped';
  await mailer.send({ to: data.to, ...notice });
  return 'delivered';
}
