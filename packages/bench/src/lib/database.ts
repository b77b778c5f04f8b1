import { randomBytes } from 'node:crypto';
import { hashPassword } from '@barterads/api';
import { type DatabaseHandle, DEMO_USER_PASSWORD, openDatabase, seedDemo } from '@barterads/db';
import postgres from 'postgres';
import { SCATTER, VOCABULARY } from '../vocabulary/vocabulary';
import { DEFAULT_DATABASE_URL } from './paths';

export interface BenchDatabase {
  url: string;
  name: string;
  handle: DatabaseHandle;
  /** A plain postgres.js client of the same database, for counts and EXPLAIN. */
  sql: postgres.Sql;
  /** Waits until no other session of this database runs a statement (the last load run has drained). */
  waitIdle(timeoutMs?: number): Promise<void>;
  /**
   * Seeds demo listings up to `total` (deterministic ids: existing ones are kept), then ANALYZE. With
   * `vocabulary`, every listing also carries its five names of the benchmark's vocabulary (a brand in its title,
   * a locality in its place, a station, a venue and a publication in its description: see vocabulary.ts), so
   * words are as rare as a real catalogue's instead of 183 words shared by every listing.
   */
  seedListings(total: number, options?: { vocabulary?: boolean }): Promise<number>;
  destroy(): Promise<void>;
}

/** The demo seed's own listings; those after them are copies PostgreSQL makes of them (see seedListings). */
const TEMPLATE_ROWS = 10_000;
const COPY_BATCH = 100_000;
const SEED_NOW = new Date('2026-01-01T00:00:00Z');
/** Listings added at once from which seeding drops the trigram index and builds it again afterwards. */
const BULK_LOAD_ROWS = 50_000;

/**
 * A fresh, migrated PostgreSQL database on the server of DATABASE_URL (or the local default), dropped by
 * destroy(). Benchmarks never run on the embedded database: the figures are PostgreSQL's.
 */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const serverUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const name = `barterads_bench_${randomBytes(5).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), max: 4 });
  await handle.migrate();
  const sql = postgres(url.toString(), { max: 2, onnotice: () => {} });
  const passwordHash = await hashPassword(DEMO_USER_PASSWORD);
  return {
    url: url.toString(),
    name,
    handle,
    sql,
    async seedListings(total, options = {}) {
      const vocabulary = options.vocabulary === true;
      const started = performance.now();
      let last = 0;
      const [present] = await sql<{ n: number }[]>`select count(*)::int as n from listings`;
      // A bulk load builds the trigram index once after the rows are in, from its own definition (the
      // migration's), instead of updating it row by row: at a million listings that is minutes either way.
      const bulk = total - (present?.n ?? 0) >= BULK_LOAD_ROWS;
      const [trigram] = bulk
        ? await sql<{ definition: string }[]>`
            select pg_get_indexdef(indexrelid) as definition from pg_index
            where indexrelid = 'listings_search_trgm_idx'::regclass`
        : [];
      if (trigram) await sql`drop index listings_search_trgm_idx`;
      // The first TEMPLATE_ROWS listings are the demo seed's own; PostgreSQL copies them for the rest, each copy
      // with its own id, date and status (the JavaScript seed took ~9 minutes for a million on this machine).
      const templates = Math.min(total, TEMPLATE_ROWS);
      await seedDemo(handle.db, {
        passwordHash,
        listings: templates,
        // A fixed clock: the 10,000 and the 100,000 listings of one run share their dates.
        now: SEED_NOW,
        onProgress: (inserted) => {
          if (inserted - last >= 20_000 || inserted === total) {
            last = inserted;
            process.stdout.write(`  seeded ${inserted.toLocaleString('en-US')} listings\r`);
          }
        },
      });
      if (vocabulary) {
        await namesTable(sql);
        await addNames(sql, templates);
      }
      // Seeded listings are not queued for the match job (a million of them kept the API server's job busy for
      // the whole benchmark, the searches measured beside it): the benchmarks measure a marketplace whose matches
      // are up to date.
      await sql`alter table listings disable trigger listings_queue_matches_insert`;
      for (let from = templates; from < total; from += COPY_BATCH) {
        const to = Math.min(total, from + COPY_BATCH) - 1;
        // Ids as seedId(2, n + 1) gives them, so seeding up to a larger total later keeps these rows.
        await sql`
          insert into listings (id, owner_id, owner_type, title, description, location, city, state, lat, lng,
                                category, unit, rate_inr, min_units, available_from, available_to, image, rating,
                                verified, seeking, contact_phone, status, created_at)
          select ('00000000-0000-4000-8200-' || lpad(to_hex(g + 1), 12, '0'))::uuid, t.owner_id, t.owner_type,
                 ${sql.unsafe(vocabulary ? namedSql('title', 'g', 't') : 't.title')},
                 ${sql.unsafe(vocabulary ? namedSql('description', 'g', 't') : 't.description')},
                 ${sql.unsafe(vocabulary ? namedSql('location', 'g', 't') : 't.location')}, t.city, t.state, t.lat, t.lng, t.category, t.unit, t.rate_inr,
                 t.min_units, t.available_from, t.available_to, t.image, t.rating, g % 3 = 0, t.seeking,
                 t.contact_phone, (case when g % 17 = 16 then 'archived' else 'active' end)::listing_status,
                 ${SEED_NOW}::timestamptz - g * interval '37 minutes'
          from generate_series(${from}::int, ${to}::int) g
          join listings t on t.id = ('00000000-0000-4000-8200-' || lpad(to_hex(g % ${templates}::int + 1), 12, '0'))::uuid
          on conflict (id) do nothing`;
        process.stdout.write(`  seeded ${(to + 1).toLocaleString('en-US')} listings\r`);
      }
      await sql`alter table listings enable trigger listings_queue_matches_insert`;
      await sql`truncate listing_match_queue`;
      if (trigram) {
        process.stdout.write('  building the trigram index\r');
        await sql.begin(async (tx) => {
          await tx`set local maintenance_work_mem = '512MB'`;
          await tx.unsafe(trigram.definition);
        });
      }
      await sql`vacuum analyze listings`;
      await sql`analyze users`;
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from listings`;
      console.log(
        `  seeded ${row!.n.toLocaleString('en-US')} listings in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      return row!.n;
    },
    async waitIdle(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`;
        if (row!.n === 0 || Date.now() > deadline) return;
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    async destroy() {
      await sql.end({ timeout: 5 }).catch(() => {});
      await handle.close().catch(() => {});
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** The separator between a template's own text and the names it was given (never in the seed's texts). */
const NAMES_SEPARATOR = ' · ';

/** Listing g's word of a class (see vocabulary.ts), from the bench_names table (namesTable()). */
function wordOf(cls: keyof typeof VOCABULARY, g: string): string {
  const size = VOCABULARY[cls].length;
  return `initcap((select n.word from bench_names n where n.class = '${cls}' and n.i = (${g}::bigint * ${SCATTER}) % ${size}))`;
}

/** The vocabulary's classes as a table (class, i, word) the seed statements look words up in. */
async function namesTable(sql: postgres.Sql): Promise<void> {
  await sql`create unlogged table if not exists bench_names (class text, i int, word text, primary key (class, i))`;
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from bench_names`;
  if ((row?.n ?? 0) > 0) return;
  for (const [cls, list] of Object.entries(VOCABULARY))
    await sql`insert into bench_names (class, i, word)
      select ${cls}, i - 1, w from unnest(${list}::text[]) with ordinality as u(w, i)`;
}

/**
 * SQL of listing g's field with its names: the template's own text (before the separator, so a copy of a named
 * template gets its own names, not the template's) and the names.
 */
function namedSql(field: 'title' | 'description' | 'location', g: string, from: string): string {
  const own = `split_part(${from}.${field}, '${NAMES_SEPARATOR}', 1)`;
  switch (field) {
    case 'title':
      return `${own} || '${NAMES_SEPARATOR}' || ${wordOf('brands', g)}`;
    case 'location':
      return `${own} || '${NAMES_SEPARATOR}' || ${wordOf('localities', g)}`;
    default:
      return `${own} || '${NAMES_SEPARATOR}near ' || ${wordOf('stations', g)} || ', at ' || ${wordOf('venues', g)} || ', in ' || ${wordOf('publications', g)}`;
  }
}

/** Gives the demo seed's own listings (the templates) their names, once. */
async function addNames(sql: postgres.Sql, templates: number): Promise<void> {
  const g = `(('x' || right(id::text, 12))::bit(48)::bigint - 1)`;
  await sql.unsafe(`
    update listings set
      title = ${namedSql('title', g, 'listings')},
      description = ${namedSql('description', g, 'listings')},
      location = ${namedSql('location', g, 'listings')}
    where position('${NAMES_SEPARATOR}' in title) = 0 and ${g} < ${templates}`);
}
