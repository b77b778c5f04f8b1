import { type Database, searchGeneration } from '@barterads/db';
import { eq } from 'drizzle-orm';
import { forgetCorrections, vocabularyOf } from './spelling';

/** What every search reads first: the search generation and the vocabulary version (search_generation). */
export interface SearchVersions {
  generation: number;
  words: number;
}

const noop = () => {};

/**
 * One primary-key read shared by the searches that ask at the same time. A search must see every write committed
 * before it started, so it may only use a read that started after it asked: a search that asks while a read is
 * running waits for the next one, which starts as soon as the running one ends and serves every search that asked
 * meanwhile. Under load that is one read per round trip instead of one per search (the read was a search's one
 * PostgreSQL round trip once the in-memory index answers it, and its statement, socket writes and PostgreSQL's
 * own work a measurable share of its CPU time: issue 34).
 */
export class SharedRead<T> {
  private running: Promise<T> | undefined;
  private queued: Promise<T> | undefined;

  constructor(private readonly query: () => Promise<T>) {}

  /** A read that started after this call. */
  next(): Promise<T> {
    if (this.queued) return this.queued;
    const running = this.running;
    if (!running) return this.start();
    const queued = running.then(noop, noop).then(() => {
      this.queued = undefined;
      return this.start();
    });
    this.queued = queued;
    return queued;
  }

  private start(): Promise<T> {
    const read: Promise<T> = this.query().finally(() => {
      if (this.running === read) this.running = undefined;
    });
    this.running = read;
    return read;
  }
}

const reads = new WeakMap<Database, SharedRead<SearchVersions>>();
/** The vocabulary version this process last saw (its spelling corrections are of that version). */
const lastWords = new WeakMap<Database, number>();

function readsOf(db: Database): SharedRead<SearchVersions> {
  let shared = reads.get(db);
  if (!shared) {
    const statement = db
      .select({ n: searchGeneration.n, words: searchGeneration.words })
      .from(searchGeneration)
      .where(eq(searchGeneration.id, 1))
      .prepare('search_generation');
    shared = new SharedRead(async () => {
      const [row] = await statement.execute();
      return { generation: Number(row?.n ?? 0), words: Number(row?.words ?? 0) };
    });
    reads.set(db, shared);
  }
  return shared;
}

/**
 * The current search generation and vocabulary version, read after the call (shared, see SharedRead). A new
 * vocabulary version (a write brought new words) drops the spelling corrections kept in this process: they decide
 * what an answer matches (a misspelt word's corrections, a known word's variants) and its "Did you mean", so they
 * must be as fresh as the answer. And the vocabulary in memory reads the new words before the next correction
 * (only then: without a newer version seen it reads nothing).
 */
export async function readSearchVersions(db: Database): Promise<SearchVersions> {
  const versions = await readsOf(db).next();
  if (lastWords.get(db) !== versions.words) {
    lastWords.set(db, versions.words);
    forgetCorrections(db);
  }
  vocabularyOf(db).noteVersion(versions.words);
  return versions;
}
