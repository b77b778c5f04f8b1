import { Vocabulary } from '@barterads/api';
import { openDatabase, searchWords } from '@barterads/db';
import { createTestDatabase, type TestDatabase } from '@barterads/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The vocabulary kept in memory for typo correction (issue 34) answers what the database's trigram index did:
 * the nearest words by pg_trgm's similarity, and every word, including those of a transaction that commits after
 * a later one was already read.
 */
describe('the search vocabulary in memory', () => {
  let database: TestDatabase;
  const WORDS = [
    'hoarding',
    'hoardings',
    'hording',
    'billboard',
    'radio',
    'radios',
    'magazine',
    'kamdhenuwear',
    'kamdhenumart',
    'kamdhenufoods',
    'ramnagar',
    'ramnagari',
    'krishnapuram',
    'mumbai',
    'newspaper',
    'newsletter',
    'restaurant',
    'instagram',
    'influencer',
    'delhi',
    'dehradun',
    'saipur',
    'jaipur',
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.handle.db
      .insert(searchWords)
      .values(WORDS.map((word) => ({ word })))
      .onConflictDoNothing();
  });
  afterAll(async () => database?.destroy());

  it("finds the nearest words by pg_trgm's similarity, as the trigram index orders them", async () => {
    const db = database.handle.db;
    const vocabulary = new Vocabulary();
    await vocabulary.refresh(db);
    expect(vocabulary.size).toBeGreaterThanOrEqual(WORDS.length);
    for (const term of ['hordng', 'radoi', 'kamdhenuwaer', 'ramnagr', 'dehli', 'magzine', 'jaipur']) {
      const ours = vocabulary.nearest(term, 5);
      // The database's similarity of each of ours, and the five best of the database's own order.
      const rows = (await db
        .select({ word: searchWords.word, similarity: sql<number>`similarity(${searchWords.word}, ${term})` })
        .from(searchWords)
        .orderBy(sql`${searchWords.word} <-> ${term}`)
        .limit(5)) as Array<{ word: string; similarity: number }>;
      const similarityOf = new Map(
        (
          (await db
            .select({
              word: searchWords.word,
              similarity: sql<number>`similarity(${searchWords.word}, ${term})`,
            })
            .from(searchWords)) as Array<{ word: string; similarity: number }>
        ).map((row) => [row.word, Number(row.similarity)]),
      );
      expect(
        ours.map((word) => similarityOf.get(word)?.toFixed(5)),
        term,
      ).toEqual(
        // Words without a trigram in common (similarity 0) are never corrections: ours leaves them out.
        rows.filter((row) => Number(row.similarity) > 0).map((row) => Number(row.similarity).toFixed(5)),
      );
      expect(ours[0], term).toBe(rows[0]?.word);
    }
    expect(vocabulary.hasPrefix('hoard')).toBe(true);
    expect(vocabulary.hasPrefix('hoardz')).toBe(false);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'learns a word whose transaction commits after a later one was read',
    async () => {
      const db = database.handle.db;
      const other = await openDatabase({ url: database.url, max: 1 });
      const vocabulary = new Vocabulary();
      await vocabulary.refresh(db);
      // Always read again (a search saw a version newer than any the database has).
      vocabulary.noteVersion(Number.MAX_SAFE_INTEGER);
      let commit: () => void = () => {};
      const committed = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let inserted: () => void = () => {};
      const started = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      // An earlier transaction adds "zorblaxa" and stays open; a later one adds "quintovar" and commits first.
      const slow = other.db.transaction(async (tx) => {
        await tx.insert(searchWords).values({ word: 'zorblaxa' });
        inserted();
        await committed;
      });
      try {
        await started;
        await db.insert(searchWords).values({ word: 'quintovar' });
        await vocabulary.refresh(db);
        expect(vocabulary.hasPrefix('quintovar')).toBe(true);
        expect(vocabulary.hasPrefix('zorblaxa')).toBe(false);
        commit();
        await slow;
        await vocabulary.refresh(db);
        expect(vocabulary.hasPrefix('zorblaxa')).toBe(true);
        expect(vocabulary.nearest('zorblaks', 1)).toEqual(['zorblaxa']);
      } finally {
        commit();
        await slow.catch(() => {});
        await other.close();
      }
    },
  );
});
