/**
 * `pnpm admin:reset-password [--email admin@example.com]`: the explicit recovery of the admin account. Sets the
 * password of the admin with that address (default ADMIN_EMAIL) to ADMIN_PASSWORD, or to the first line of
 * standard input when ADMIN_PASSWORD is unset; reactivates the account and signs out its sessions. Server starts
 * never do this: a password changed in the app survives restarts.
 */
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { resetAdminPassword } from '@barterads/api';
import { openDatabase } from '@barterads/db';
import { loadSettings, SettingsError } from '../settings';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function firstLineOfStdin(): Promise<string> {
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line.trim();
  }
  return '';
}

let settings: ReturnType<typeof loadSettings>;
try {
  settings = loadSettings({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
} catch (error) {
  fail(error instanceof SettingsError ? error.message : String(error));
}
const flag = process.argv.indexOf('--email');
const email = (flag >= 0 ? process.argv[flag + 1] : process.env.ADMIN_EMAIL)?.trim();
if (!email) fail('Give the admin address: --email admin@example.com, or set ADMIN_EMAIL.');
if (process.stdin.isTTY && !process.env.ADMIN_PASSWORD) process.stdout.write('New password: ');
const password = process.env.ADMIN_PASSWORD?.trim() || (await firstLineOfStdin());
if (password.length < 8)
  fail('The new password must be at least 8 characters (ADMIN_PASSWORD or standard input).');

const database = await openDatabase({
  url: settings.databaseUrl,
  dataDir: settings.databaseUrl ? undefined : join(settings.dataDir, 'pglite'),
});
try {
  await database.migrate();
  const result = await resetAdminPassword(database.db, { email, password });
  if (result === 'not-found') fail(`No account uses ${email}.`);
  if (result === 'not-admin') fail(`${email} is not an admin account; this command never promotes one.`);
  console.log(`The password of ${email} was reset and its sessions were signed out.`);
} finally {
  await database.close();
}
