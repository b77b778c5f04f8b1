import { notifications, users } from '@barterads/db';
import { startTestMailServer } from '@barterads/testing';
import type { BenchDatabase } from '../lib/database';
import { BASE_PORT } from '../lib/paths';
import { type BenchResult, fmt, heading, printCheck } from '../lib/report';
import { type RunningServer, startApiServer } from '../lib/server';

const MAILS = Number(process.env.BENCH_JOBS_MAILS ?? 1_000);
/** Kills while sending, each a chance to land between the SMTP server's 250 and the row's commit. */
const KILLS = Number(process.env.BENCH_JOBS_KILLS ?? 3);
/**
 * `random` (the default): each kill lands at a random moment once the run has delivered 20-200 mails. `sink`: at
 * the instant the sink has received a given mail, the worst case, aimed at the window the design cannot close.
 */
const KILL_MODE = process.env.BENCH_JOBS_KILL_MODE === 'sink' ? 'sink' : 'random';
const DRAIN_TIMEOUT_MS = Number(process.env.BENCH_JOBS_DRAIN_MS ?? 5 * 60_000);

async function until(what: string, ok: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 5) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${fmt(timeoutMs / 1000)} s`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Jobs survive kill -9: MAILS notification e-mails queued as `notify` writes them (one pending row each, for as
 * many members), the production server sending them to an SMTP sink, killed with SIGKILL mid-way (KILLS
 * times) and started again, until the outbox is drained. PASS iff the sink received every e-mail, each under a
 * Message-ID of its own, with at most one repeated copy a kill (what the window no SMTP sender can close allows:
 * accepted by the sink as its sender died, before the row's commit), each repeat under its first copy's Message-ID:
 * a receiving server or mail client that drops a repeated Message-ID shows every mail once.
 */
export async function runJobsKillBench(db: BenchDatabase): Promise<BenchResult> {
  heading(`Jobs: kill -9 the server ${KILLS} times while ${fmt(MAILS)} e-mails are being sent`);
  const sink = await startTestMailServer();
  const members = await db.handle.db
    .insert(users)
    .values(
      Array.from({ length: MAILS }, (_, i) => ({
        email: `alert-${i}@bench.barterads.in`,
        passwordHash: 'not-used',
        firstName: `Alert${i}`,
        lastName: 'Member',
        userType: 'advertiser' as const,
        emailVerified: true,
      })),
    )
    .returning({ id: users.id });
  await db.handle.db.insert(notifications).values(
    members.map((member, i) => ({
      userId: member.id,
      kind: 'saved_search_hits' as const,
      title: `Alert ${i}: new listings for your saved search`,
      body: 'Two new listings match "hoardings in Pune".',
      link: '/marketplace?q=hoardings',
    })),
  );
  const pending = async () => {
    const [row] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from notifications where email_status in ('pending', 'sending')`;
    return row!.n;
  };
  const start = () =>
    startApiServer({
      port: BASE_PORT + 30,
      databaseUrl: db.url,
      env: { SMTP_URL: sink.url, MAIL_OUTBOX: 'false' },
    });

  let server: RunningServer | undefined;
  const started = performance.now();
  const notes: string[] = [];
  try {
    for (let k = 0; k < KILLS; k++) {
      server = await start();
      const before = sink.mails.length;
      if (KILL_MODE === 'sink') {
        const at = Math.floor((MAILS * (k + 1)) / (KILLS + 2));
        await until(`${fmt(at)} mails at the sink`, () => sink.mails.length >= at, DRAIN_TIMEOUT_MS, 0);
      } else {
        // Some way into the run (20-200 mails), then anywhere in the next mail's exchange.
        const at = before + 20 + Math.floor(Math.random() * 180);
        await until(`${fmt(at)} mails at the sink`, () => sink.mails.length >= at, DRAIN_TIMEOUT_MS, 1);
        await new Promise((r) => setTimeout(r, Math.random() * 250));
      }
      process.kill(server.pid!, 'SIGKILL');
      await server.stop();
      // The sink may still be reading what the dead process's kernel sent.
      await new Promise((r) => setTimeout(r, 300));
      // Rows commit after the sink's 250: a mail at the sink beyond the committed rows was accepted while its
      // sender died (in the window from the final "." to the COMMIT), and its row, rolled back, goes again.
      const [marked] = await db.sql<{ n: number }[]>`
        select count(*)::int as n from notifications where email_status = 'sent'`;
      const line = `killed (${KILL_MODE}) at ${fmt(sink.mails.length)} mails delivered (${fmt(sink.mails.length - before)} by this run); ${fmt(sink.mails.length - marked!.n)} at the sink without a committed row so far`;
      console.log(`  ${line}`);
      notes.push(line);
    }
    server = await start();
    await until('the outbox drained', async () => (await pending()) === 0, DRAIN_TIMEOUT_MS, 100);
    // The last mail's SMTP reply precedes its row's update: the sink has it by now.
    await server.stop();
  } finally {
    await server?.stop();
    await sink.close();
  }
  const seconds = (performance.now() - started) / 1000;

  // Per mail (recipient and subject): its copies at the sink and their Message-IDs. A copy beyond the first was
  // accepted in the window SMTP leaves open (a kill between the sink's 250 and the row's commit), at most one a
  // kill; it carries its first copy's Message-ID, so a receiver that drops a repeated Message-ID shows it once.
  const copies = new Map<string, string[]>();
  for (const mail of sink.mails) {
    const subject = /^Subject: (.*)$/m.exec(mail.text)?.[1] ?? '?';
    const messageId = /^Message-ID: (.*)$/im.exec(mail.text)?.[1]?.trim() ?? '?';
    const key = `${mail.to.join(',')} ${subject}`;
    copies.set(key, [...(copies.get(key) ?? []), messageId]);
  }
  const repeated = [...copies.values()].filter((ids) => ids.length > 1);
  const sameId = repeated.filter((ids) => ids.every((id) => id === ids[0])).length;
  const messageIds = new Set([...copies.values()].map((ids) => ids[0]));
  const [states] = await db.sql<{ sent: number; failed: number }[]>`
    select count(*) filter (where email_status = 'sent')::int as sent,
           count(*) filter (where email_status = 'failed')::int as failed
    from notifications`;
  const pass =
    copies.size === MAILS &&
    messageIds.size === MAILS &&
    sameId === repeated.length &&
    sink.mails.length - copies.size <= KILLS &&
    !messageIds.has('?');
  const check = {
    name: `e-mails delivered across ${KILLS} kill -9s: each once per Message-ID`,
    value: `${fmt(copies.size)} of ${fmt(MAILS)} delivered under ${fmt(messageIds.size)} Message-IDs; ${fmt(repeated.length)} sent twice in the SMTP window, ${fmt(sameId)} of them with their first copy's Message-ID; ${fmt(sink.mails.length)} at the sink (rows: ${fmt(states!.sent)} sent, ${fmt(states!.failed)} failed; drained in ${fmt(seconds, 1)} s)`,
    target: `${fmt(MAILS)} once each per Message-ID; a repeat only in the window (at most one a kill), with its first copy's Message-ID`,
    pass,
  };
  printCheck(check);
  return { bench: 'Jobs kill', checks: [check], notes };
}
