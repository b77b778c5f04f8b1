/**
 * The in-memory engine the search benchmark compares against (issue 18): MiniSearch over the same active
 * listings, loaded once from the database at start, behind one bare Fastify route. Typo tolerance set to match
 * the API's: up to 1 edit for words of up to 4 letters, 2 from 5 (MiniSearch counts a swap of neighbours as 2,
 * "radoi" → "radio"), prefixes too, every word must match. It is never updated by writes: its figures are an
 * upper bound for an engine that would also have to keep fresh.
 *
 *   PORT=7103 DATABASE_URL=postgres://… node --import tsx packages/bench/src/minisearch-server.ts
 */
import Fastify from 'fastify';
import MiniSearch from 'minisearch';
import postgres from 'postgres';

interface Doc {
  id: string;
  title: string;
  location: string;
  description: string;
  seeking: string;
}

const sql = postgres(process.env.DATABASE_URL ?? '', { max: 2, onnotice: () => {} });
const engine = new MiniSearch<Doc>({
  fields: ['title', 'location', 'description', 'seeking'],
  storeFields: ['title', 'description'],
  searchOptions: {
    boost: { title: 2 },
    prefix: true,
    fuzzy: (term) => (term.length <= 4 ? 1 : 2),
    combineWith: 'AND',
  },
});

const started = performance.now();
let count = 0;
await sql<Doc[]>`
  select id, title, location, description, coalesce(seeking, '') as seeking
  from listings where status = 'active' and not owner_suspended`.cursor(5000, async (rows) => {
  engine.addAll(rows);
  count += rows.length;
});
await sql.end({ timeout: 2 });
const loadedMs = performance.now() - started;

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok', listings: count, loadedMs: Math.round(loadedMs) }));
app.get<{ Querystring: { q?: string } }>('/search', async (request) => {
  const results = engine.search(request.query.q ?? '');
  return {
    barters: results.slice(0, 24).map((r) => ({ _id: r.id, title: r.title, description: r.description })),
    total: results.length,
  };
});

const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

await app.listen({ port: Number(process.env.PORT ?? 7103), host: '127.0.0.1' });
