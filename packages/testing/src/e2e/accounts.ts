import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
} from '@playwright/test';
import { E2E_ADMIN } from './constants';
import { mailCount, readMailedCode } from './mail';

/** An address no other test uses: `<prefix>-<time>-<random>@e2e.barterads.in`. */
export function uniqueE2eEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.barterads.in`;
}

export interface E2eAccount {
  email: string;
  password: string;
  userType: 'advertiser' | 'media_owner';
  firstName: string;
  lastName: string;
}

const randomOctet = () => 1 + Math.floor(Math.random() * 254);

/**
 * Makes an account through the REST API as the sign-up form does (a code mailed to the address, its proof, the
 * sign-up); the form itself has its own spec. Specs use it for members the demo seed does not have.
 */
export async function signUpThroughApi(request: APIRequestContext, account: E2eAccount): Promise<void> {
  // Each member signs up from an address of its own, as members do (the browser servers trust one proxy hop): the
  // suites make more accounts than the 20 sign-ups an hour one address may make, all from 127.0.0.1 otherwise.
  const headers = { 'x-forwarded-for': `10.${randomOctet()}.${randomOctet()}.${randomOctet()}` };
  const before = mailCount();
  const sent = await request.post('/api/auth/send-email-otp', { headers, data: { email: account.email } });
  expect(sent.status()).toBe(200);
  const { otp_token } = (await sent.json()) as { otp_token: string };
  const otp = await readMailedCode(account.email, { after: before });
  const verified = await request.post('/api/auth/verify-otp', { headers, data: { otp_token, otp } });
  const { proof_token } = (await verified.json()) as { proof_token: string };
  const signup = await request.post('/api/auth/signup', {
    headers: { ...headers, authorization: `Bearer ${proof_token}` },
    data: { ...account, phoneNumber: '98765 43210' },
  });
  expect(signup.status()).toBe(201);
}

/** Signs in through the REST API; answers the session's bearer token. */
export async function signInThroughApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** Signs in through the sign-in page, as a member does, and waits to arrive at `to` (the page it redirects to). */
export async function signInThroughForm(
  page: Page,
  email: string,
  password: string,
  to: string,
): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(to)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === to);
}

/**
 * A member in a browser context of their own (cookies, viewport: `options`), signed in through the sign-in page
 * and arrived at `to`. Close the context when done.
 */
export async function signInInNewContext(
  browser: Browser,
  email: string,
  password: string,
  to: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signInThroughForm(page, email, password, to);
  return { context, page };
}

/** A demo member signed in through the REST API: their session token and id (for API calls in a browser test). */
export async function loginThroughApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<{ token: string; id: string }> {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const body = (await login.json()) as { token: string; user: { _id: string } };
  return { token: body.token, id: body.user._id };
}

/** The demo seed's listing n (0-based; its id counts from 1, in hex), as packages/db's seed writes it. */
export function demoListingId(n: number): string {
  return `00000000-0000-4000-8200-${(n + 1).toString(16).padStart(12, '0')}`;
}

/** Signs in to the admin app as the e2e server's admin, through its sign-in page, and waits for the Overview. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The first page of a cold server on a busy machine can take a while.
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible({ timeout: 30_000 });
}
