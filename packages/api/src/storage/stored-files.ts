import type { Executor } from '@barterads/db';
import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type ProcessedImage, processImage, storeUploadedFile } from './images';
import type { FileStorage } from './storage';
import type { UploadedFile } from './uploads';

/**
 * The objects one change writes, recorded as each is stored, so that all of them can be deleted again when the
 * change does not commit.
 */
export class StagedFiles {
  readonly keys: string[] = [];

  constructor(private readonly storage: FileStorage) {}

  /** Stores an uploaded file as it is (a PDF, a certificate), streamed from its temporary file. */
  async file(file: UploadedFile, key: string): Promise<void> {
    await storeUploadedFile(file, this.storage, key);
    this.keys.push(key);
  }

  /** Stores an uploaded image as WebP variants without metadata (all of them or none: processImage). */
  async image(file: UploadedFile, keyBase: string, widths?: readonly number[]): Promise<ProcessedImage> {
    const image = await processImage(file, this.storage, keyBase, widths);
    this.keys.push(...image.variants.map((variant) => variant.key));
    return image;
  }

  /** Deletes everything stored so far (best effort: what fails to go is the sweeper's). */
  async discard(): Promise<void> {
    await deleteStored(this.storage, this.keys);
  }
}

/**
 * Files stored and rows committed, through one helper: `store` writes the objects, then `commit` writes the rows
 * that reference them (one transaction); when either fails, every object stored is deleted again and the error
 * is passed on. A process that dies between the two leaves objects no row references: `sweepStorage` deletes
 * them once they are older than SWEEP_GRACE_MS.
 */
export async function storeThenCommit<S, T>(
  storage: FileStorage,
  store: (files: StagedFiles) => Promise<S>,
  commit: (stored: S) => Promise<T>,
): Promise<T> {
  const files = new StagedFiles(storage);
  try {
    return await commit(await store(files));
  } catch (error) {
    await files.discard();
    throw error;
  }
}

/**
 * Deletes objects whose rows are gone, after that change committed (never before: a row must never point at a
 * missing file). A delete that fails leaves an object no row references, for the sweeper.
 */
export async function deleteStored(storage: FileStorage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}

/** One kind of stored file: where its objects live and which of them rows still reference. */
export interface StoredFileKind {
  name: string;
  /** The key prefix of the kind's objects, a folder (`proofs/`); nothing outside a registered prefix is swept. */
  prefix: string;
  /** Of `keys` (all under the prefix), those a row still references. */
  referenced(db: Executor, keys: readonly string[]): Promise<ReadonlySet<string>>;
}

/**
 * A kind whose rows hold each object's key in one column: an object is referenced while a row (one matching
 * `live`, when given) holds its key.
 */
export function keyColumnFiles(
  name: string,
  prefix: string,
  table: PgTable,
  column: PgColumn,
  live?: SQL,
): StoredFileKind {
  return {
    name,
    prefix,
    async referenced(db, keys) {
      const rows = await db
        .select({ key: column })
        .from(table)
        .where(and(inArray(column, [...keys]), live));
      return new Set(rows.map((row) => String(row.key)));
    },
  };
}

/** An object younger than this is never swept: its row may still be on its way (store, then commit). */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
/** Keys checked against the rows in one query. */
const SWEEP_BATCH = 500;

export interface SweepDeps {
  db: Executor;
  storage: FileStorage;
}

/**
 * The orphan sweeper: every object under each kind's prefix that no row references and that is older than
 * SWEEP_GRACE_MS is deleted. Answers how many objects went, per kind. Safe beside uploads in flight (the grace
 * period) and beside another instance's run (deleting a missing key is not an error).
 */
export async function sweepStorage(
  deps: SweepDeps,
  kinds: readonly StoredFileKind[],
  now = new Date(),
): Promise<Record<string, number>> {
  const swept: Record<string, number> = {};
  const cutoff = now.getTime() - SWEEP_GRACE_MS;
  for (const kind of kinds) {
    swept[kind.name] = 0;
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const keep = await kind.referenced(deps.db, batch);
      const orphans = batch.filter((key) => !keep.has(key));
      await Promise.all(orphans.map((key) => deps.storage.delete(key)));
      swept[kind.name] = (swept[kind.name] ?? 0) + orphans.length;
      batch = [];
    };
    for await (const object of deps.storage.list(kind.prefix)) {
      if (object.modifiedAt.getTime() > cutoff) continue;
      batch.push(object.key);
      if (batch.length >= SWEEP_BATCH) await flush();
    }
    await flush();
  }
  return swept;
}
