import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The newest 6-digit code mailed to `to` by the e2e server, waiting for it up to `timeoutMs`. */
export async function readMailedCode(
  to: string,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const recipient = to.toLowerCase();
  for (;;) {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(`-${recipient}.eml`))
      .sort();
    const newest = files.filter((f) => Number(f.slice(0, 5)) >= (options.after ?? 0)).at(-1);
    if (newest) {
      const text = readFileSync(join(dir, newest), 'utf8');
      const body = text
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n');
      const match = /\b(\d{6})\b/.exec(body);
      if (match?.[1]) return match[1];
    }
    if (Date.now() > deadline) throw new Error(`no code mailed to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** How many mails have been caught so far (pass as `after` to wait for a newer one). */
export function mailCount(): number {
  try {
    return readdirSync(join(process.env.E2E_DATA_DIR ?? '', 'mail')).length;
  } catch {
    return 0;
  }
}

/** The newest whole mail (headers and text) sent to `to` after `after` mails, waiting up to `timeoutMs`. */
export async function readMail(
  to: string,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const recipient = to.toLowerCase();
  for (;;) {
    const newest = readdirSync(dir)
      .filter((f) => f.endsWith(`-${recipient}.eml`) && Number(f.slice(0, 5)) >= (options.after ?? 0))
      .sort()
      .at(-1);
    if (newest) return readFileSync(join(dir, newest), 'utf8');
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
