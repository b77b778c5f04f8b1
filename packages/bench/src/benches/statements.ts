/**
 * Barter statements (issue 30): 1,000 statements of a member with 500 legs (250 supplied, 250 received), read
 * the way GET /api/statements/barter reads them (`barterStatement` of packages/api, in process: the query and
 * the assembly, not HTTP). Checks, as ratios of figures measured side by side in this run:
 * - linear in the member's legs: a member with 500 legs against one with 250 (≈ 2x; a quadratic step ≈ 4x);
 * - independent of the table: the same statement before and after 50,000 other legs arrive (≈ 1x);
 * - no sequential scan of deal_legs in the statement's plans (default planner settings).
 * Figures only: the CSV and the PDF of the same statement.
 */
import { barterStatement, statementCsv, statementPdf } from '@barterads/api';
import { type UserRow, users } from '@barterads/db';
import type { BenchDatabase } from '../lib/database';
import { type BenchResult, type Check, fmt, heading, printCheck, ratio } from '../lib/report';

const STATEMENTS = Number(process.env.BENCH_STATEMENTS ?? 1_000);
const LEGS = 500;
/** Other members' legs added to the table between the two measurements of one statement. */
const BACKGROUND_MEMBERS = Number(process.env.BENCH_STATEMENTS_BACKGROUND ?? 100);
const PERIOD = { from: '2026-04-01', to: '2027-03-31', format: 'json' as const };

async function members(db: BenchDatabase, prefix: string, count: number): Promise<UserRow[]> {
  return db.handle.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${prefix}${i}@bench.barterads.in`,
        passwordHash: 'x',
        firstName: 'Bench',
        lastName: `${prefix} ${i}`,
        companyName: `Bench ${prefix} ${i} Pvt Ltd`,
        gstVerification: 'verified' as const,
      })),
    )
    .returning();
}

/**
 * `deals` accepted barters between a and b over the financial year, each with its two legs (a supplies b, b
 * supplies a), written by PostgreSQL itself (generate_series) so a 50,000-leg table takes seconds.
 */
async function barters(db: BenchDatabase, a: UserRow, b: UserRow, deals: number, tag: string): Promise<void> {
  await db.sql`
    insert into deals (number, status, proposer_id, counterparty_id, expires_at, accepted_at)
    select ${`BN-${tag}-`} || g, 'accepted', ${a.id}, ${b.id}, now(),
           timestamptz '2026-04-02 06:00+00' + (g % 360) * interval '1 day'
    from generate_series(1, ${deals}::int) g`;
  for (const [supplier, recipient, sac, rate, position] of [
    [a, b, '998363', 5, 0],
    [b, a, '998366', 18, 1],
  ] as const) {
    await db.sql`
      insert into deal_legs (deal_id, key, position, supplier_id, recipient_id, supplier_gstin, recipient_gstin,
        supplier_state, place_of_supply, place_of_supply_basis, sac, rate_pct, description, lines,
        taxable_paise, igst_paise, cgst_paise, sgst_paise, status, rate_day)
      select d.id, ${`${supplier.id}:${sac}`}, ${position}, ${supplier.id}, ${recipient.id},
        '27AAACB1234C1Z5', '29AAACB1234C1Z5', 'Maharashtra', 'Karnataka', 'recipient', ${sac}, ${rate},
        'Bench space (1 month)', '[{"title":"Bench space","quantity":1,"unit":"month","valueInr":10000}]'::jsonb,
        1000000, ${rate * 10_000}, 0, 0, 'draft', (d.accepted_at at time zone 'Asia/Kolkata')::date
      from deals d where d.number like ${`BN-${tag}-%`}`;
  }
}

/** Milliseconds per statement over `n` statements of `member` (after a few to warm up). */
async function timeStatements(db: BenchDatabase, member: UserRow, n: number) {
  for (let i = 0; i < 10; i++) await barterStatement(db.handle.db, member, PERIOD);
  const times: number[] = [];
  let legs = 0;
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const statement = await barterStatement(db.handle.db, member, PERIOD);
    times.push(performance.now() - started);
    legs = statement.supplied.length + statement.received.length;
  }
  times.sort((x, y) => x - y);
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  return { mean, median: times[Math.floor(n / 2)]!, p95: times[Math.floor(n * 0.95)]!, legs };
}

/** The statement's two range reads as the planner runs them, with default settings: any sequential scan? */
async function plans(db: BenchDatabase, member: UserRow): Promise<{ seqScan: boolean; lines: string[] }> {
  const lines: string[] = [];
  let seqScan = false;
  for (const side of ['supplier_id', 'recipient_id'] as const) {
    const other = side === 'supplier_id' ? 'recipient_id' : 'supplier_id';
    const rows = await db.sql.unsafe(
      `explain select l.*, u.first_name, u.last_name, u.company_name from deal_legs l
       join users u on u.id = l.${other}
       where l.${side} = $1 and l.rate_day >= $2 and l.rate_day <= $3
       order by l.rate_day, l.created_at, l.position`,
      [member.id, PERIOD.from, PERIOD.to],
    );
    for (const row of rows as unknown as { 'QUERY PLAN': string }[]) {
      const line = row['QUERY PLAN'];
      if (/Seq Scan on deal_legs/.test(line)) seqScan = true;
      lines.push(`    ${side}: ${line}`);
    }
  }
  return { seqScan, lines };
}

export async function runStatementsBench(db: BenchDatabase): Promise<BenchResult> {
  heading(`Barter statements: ${fmt(STATEMENTS)} statements of a member with ${LEGS} legs`);
  const [member, half, ...counterparties] = await members(db, 'statement', 4);
  await barters(db, member!, counterparties[0]!, LEGS / 2, 'full');
  await barters(db, half!, counterparties[1]!, LEGS / 4, 'half');
  await db.sql`analyze deal_legs`;
  await db.sql`analyze deals`;

  const before = await timeStatements(db, member!, Math.min(200, STATEMENTS));
  console.log(`  before the other legs: ${fmt(before.mean, 2)} ms a statement (${before.legs} legs)`);

  const started = performance.now();
  const background = await members(db, 'background', BACKGROUND_MEMBERS * 2);
  for (let i = 0; i < BACKGROUND_MEMBERS; i++) {
    await barters(db, background[2 * i]!, background[2 * i + 1]!, LEGS / 2, `bg${i}`);
  }
  await db.sql`analyze deal_legs`;
  await db.sql`analyze deals`;
  const [{ n: tableLegs } = { n: 0 }] = await db.sql<
    { n: number }[]
  >`select count(*)::int as n from deal_legs`;
  console.log(
    `  added ${fmt(tableLegs - LEGS - LEGS / 2)} other legs in ${fmt((performance.now() - started) / 1000, 1)} s`,
  );

  const full = await timeStatements(db, member!, STATEMENTS);
  const halfTimes = await timeStatements(db, half!, STATEMENTS);
  const plan = await plans(db, member!);
  console.log(
    `  ${fmt(STATEMENTS)} statements of ${full.legs} legs: mean ${fmt(full.mean, 2)} ms, median ${fmt(full.median, 2)} ms, p95 ${fmt(full.p95, 2)} ms (${fmt((full.mean * 1000) / full.legs, 1)} µs a leg)`,
  );
  console.log(
    `  ${fmt(STATEMENTS)} statements of ${halfTimes.legs} legs: mean ${fmt(halfTimes.mean, 2)} ms, p95 ${fmt(halfTimes.p95, 2)} ms`,
  );
  for (const line of plan.lines) console.log(line);

  // The files: figures only (the PDF is pdfkit's layout of 500 rows).
  const statement = await barterStatement(db.handle.db, member!, PERIOD);
  let csvMs = 0;
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    statementCsv(statement);
    csvMs += performance.now() - t;
  }
  let pdfMs = 0;
  let pdfBytes = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    pdfBytes = (await statementPdf(statement, 'Bench member')).length;
    pdfMs += performance.now() - t;
  }
  console.log(
    `  CSV of ${full.legs} legs: ${fmt(csvMs / 50, 2)} ms; PDF: ${fmt(pdfMs / 5, 0)} ms (${fmt(pdfBytes / 1024, 0)} KB)`,
  );

  const linear = full.mean / halfTimes.mean;
  const tableRatio = full.mean / before.mean;
  const checks: Check[] = [
    {
      name: `statement time, ${full.legs} vs ${halfTimes.legs} legs`,
      value: `${ratio(linear)} (${fmt(full.mean, 2)} vs ${fmt(halfTimes.mean, 2)} ms)`,
      target: '<= 2.6x (linear: 2x; quadratic: 4x)',
      pass: linear <= 2.6,
    },
    {
      name: `statement time with ${fmt(tableLegs)} legs in the table vs ${fmt(LEGS + LEGS / 2)}`,
      value: `${ratio(tableRatio)} (${fmt(full.mean, 2)} vs ${fmt(before.mean, 2)} ms)`,
      target: '<= 1.5x',
      pass: tableRatio <= 1.5,
    },
    {
      name: 'sequential scans of deal_legs in the plans',
      value: plan.seqScan ? 'yes' : 'none',
      target: 'none',
      pass: !plan.seqScan,
    },
  ];
  for (const check of checks) printCheck(check);
  return { bench: 'Statements', checks, notes: plan.lines };
}
