import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  contentTypeOfKey,
  type FileStorage,
  type PutMeta,
  type StoredObject,
} from './storage';

/**
 * Files on local disk under `root` (by default `<DATA_DIR>/files`). A write goes to `root/.partial/` first and
 * is renamed into place when complete, so a failed or interrupted upload never leaves a half-written object.
 */
export function createLocalStorage(root: string): FileStorage {
  const partialDir = join(root, '.partial');
  const pathOf = (key: string) => {
    assertValidKey(key);
    return join(root, ...key.split('/'));
  };

  return {
    kind: 'local',
    async put(key: string, body: Buffer | Readable, _meta: PutMeta) {
      const target = pathOf(key);
      await mkdir(partialDir, { recursive: true });
      await mkdir(dirname(target), { recursive: true });
      const partial = join(partialDir, randomUUID());
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { size: (await stat(target)).size };
    },
    async get(key: string): Promise<StoredObject | null> {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { body: createReadStream(path), contentType: contentTypeOfKey(key), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key: string) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key: string) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}
