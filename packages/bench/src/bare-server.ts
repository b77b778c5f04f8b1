/**
 * The bare minimum the API-overhead benchmark compares against: one Fastify route, no plugins, that calls the
 * API's own search function (searchListings() of packages/api, uncached, on a pool of the same size) and returns
 * its answer, the JSON of `GET /api/barters`. Nothing else: no tRPC, no REST adapter, no sessions, no rate limits,
 * no security headers, no request logging. What the REST and tRPC paths add over it is the API's own overhead.
 *
 *   PORT=7102 DATABASE_URL=postgres://… node --import tsx packages/bench/src/bare-server.ts
 */
import { SearchListingsInput, searchListings } from '@barterads/api';
import { openDatabase } from '@barterads/db';
import Fastify from 'fastify';

// The same pool size as the API's database handle (openDatabase: max 10).
const database = await openDatabase({ url: process.env.DATABASE_URL ?? '', max: 10 });
const app = Fastify({ logger: false });

app.get('/healthz', async () => ({ status: 'ok' }));

app.get<{ Querystring: Record<string, string | undefined> }>('/bare/barters', async (request) => {
  const { q, ownerRole, category, limit } = request.query;
  return searchListings(database.db, SearchListingsInput.parse({ q, ownerRole, category, limit }));
});

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

await app.listen({ port: Number(process.env.PORT ?? 7102), host: '127.0.0.1' });
