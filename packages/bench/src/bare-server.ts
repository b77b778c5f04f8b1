/**
 * The bare minimum the API-overhead benchmark compares against: one Fastify route, no plugins, that runs the
 * same SQL as `listings.search` through postgres.js (lib/search-sql.ts) and returns the same JSON as
 * `GET /api/barters`. Nothing else: no validation library, no tRPC, no rate limits, no security headers.
 *
 *   PORT=7102 DATABASE_URL=postgres://… node --import tsx packages/bench/src/bare-server.ts
 */
import Fastify from 'fastify';
import postgres from 'postgres';
import {
  boundedTotal,
  countQuery,
  encodeCursor,
  needsIndexHint,
  pageQuery,
  type SearchParams,
  toBarter,
} from './lib/search-sql';

// The same pool size as the API's database handle (openDatabase: max 10). postgres.js prepares statements by
// default; BARE_PREPARE=false turns that off (as Drizzle runs unnamed queries), to see what planning costs.
const sql = postgres(process.env.DATABASE_URL ?? '', {
  max: 10,
  onnotice: () => {},
  prepare: process.env.BARE_PREPARE !== 'false',
});
const app = Fastify({ logger: false });

/**
 * The page and, unless the page tells it, the bounded total: side by side on the pool (as searchListings() runs a
 * search it has seen need its count: every measured request here but the first), in turn in a transaction.
 */
async function search(db: postgres.Sql, params: SearchParams, limit: number, sideBySide: boolean) {
  const early = sideBySide ? countQuery(db, params).execute() : undefined;
  early?.catch(() => {});
  const rows = await pageQuery(db, params);
  // A first page (the only kind this route serves) that holds every match knows its total without counting.
  if (rows.length <= limit) return [rows, rows.length] as const;
  return [rows, (await (early ?? countQuery(db, params)))[0]?.total ?? 0] as const;
}

app.get('/healthz', async () => ({ status: 'ok' }));

app.get<{ Querystring: Record<string, string | undefined> }>('/bare/barters', async (request) => {
  const { q, ownerRole, category } = request.query;
  const limit = Math.min(100, Math.max(1, Number(request.query.limit ?? 24) || 24));
  const params = { q, ownerRole, category, limit };
  // Like searchListings(): the page and the bounded total side by side (the total used only when the page cannot
  // tell it); one after the other in a transaction with the index hint for a word too short for a trigram.
  const [rows, counted] = needsIndexHint(params)
    ? await sql.begin(async (transaction) => {
        // The queries only use the tagged template, which a transaction has like the pool.
        const tx = transaction as unknown as postgres.Sql;
        await tx`set local enable_seqscan = off`;
        return search(tx, params, limit, false);
      })
    : await search(sql, params, limit, true);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    barters: page.map(toBarter),
    nextCursor: rows.length > limit && last ? encodeCursor(last.cursor_at, last.id) : null,
    ...boundedTotal(counted),
    // No spelling here: the benchmark's word is spelt right, so the API's "Did you mean" is null too.
    suggestion: null,
  };
});

const shutdown = async () => {
  await app.close();
  await sql.end({ timeout: 2 });
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

await app.listen({ port: Number(process.env.PORT ?? 7102), host: '127.0.0.1' });
