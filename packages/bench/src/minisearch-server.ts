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
  city: string | null;
  category: string | null;
  ownerType: string;
  rateInr: number | null;
  /** Milliseconds since the epoch (newest first sorts on it). */
  created: number;
  ownerVerified: boolean;
}

const sql = postgres(process.env.DATABASE_URL ?? '', { max: 2, onnotice: () => {} });
const engine = new MiniSearch<Doc>({
  fields: ['title', 'location', 'description', 'seeking'],
  storeFields: [
    'title',
    'description',
    'location',
    'seeking',
    'city',
    'category',
    'ownerType',
    'rateInr',
    'created',
    'ownerVerified',
  ],
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
  select l.id, l.title, l.location, l.description, coalesce(l.seeking, '') as seeking, l.city, l.category,
         l.owner_type as "ownerType", l.rate_inr as "rateInr",
         (extract(epoch from l.created_at) * 1000)::float8 as created,
         (u.gst_verification = 'verified') as "ownerVerified"
  from listings l join users u on u.id = l.owner_id
  where l.status = 'active' and not l.owner_suspended`.cursor(5000, async (rows) => {
  engine.addAll(rows);
  count += rows.length;
});
await sql.end({ timeout: 2 });
const loadedMs = performance.now() - started;

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok', listings: count, loadedMs: Math.round(loadedMs) }));
interface Query {
  q?: string;
  sort?: string;
  city?: string;
  category?: string;
  ownerRole?: string;
  rateMin?: string;
  rateMax?: string;
  verifiedOnly?: string;
}
type Hit = Doc & { score: number };

/** The API's filters and orders over MiniSearch's matches (the benchmark's search mix uses these). */
function filterOf(query: Query): ((hit: Hit) => boolean) | undefined {
  const checks: Array<(hit: Hit) => boolean> = [];
  if (query.city) checks.push((hit) => hit.city === query.city);
  if (query.category) checks.push((hit) => hit.category === query.category);
  if (query.ownerRole) checks.push((hit) => hit.ownerType === query.ownerRole);
  if (query.rateMin) checks.push((hit) => hit.rateInr !== null && hit.rateInr >= Number(query.rateMin));
  if (query.rateMax) checks.push((hit) => hit.rateInr !== null && hit.rateInr <= Number(query.rateMax));
  if (query.verifiedOnly === 'true') checks.push((hit) => hit.ownerVerified);
  return checks.length > 0 ? (hit) => checks.every((check) => check(hit)) : undefined;
}

const byRate = (hit: Hit) => hit.rateInr ?? Number.POSITIVE_INFINITY;
const ORDERS: Record<string, (a: Hit, b: Hit) => number> = {
  newest: (a, b) => b.created - a.created,
  rate_asc: (a, b) => byRate(a) - byRate(b) || b.created - a.created,
  rate_desc: (a, b) =>
    (b.rateInr ?? Number.NEGATIVE_INFINITY) - (a.rateInr ?? Number.NEGATIVE_INFINITY) ||
    b.created - a.created,
};

app.get<{ Querystring: Query }>('/search', async (request) => {
  const query = request.query;
  const filter = filterOf(query);
  const results = engine.search(
    query.q ?? '',
    filter ? { filter: (r) => filter(r as unknown as Hit) } : {},
  ) as unknown as Hit[];
  // Relevance is MiniSearch's own order (its score); the others sort every match, as the API's orders do.
  const order = ORDERS[query.sort ?? 'newest'];
  if (order) results.sort(order);
  return {
    barters: results.slice(0, 24).map((r) => ({
      _id: r.id,
      title: r.title,
      description: r.description,
      location: r.location,
      seeking: r.seeking,
    })),
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
