import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  contentTypeOfKey,
  type FileStorage,
  isValidKey,
  type ListedObject,
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
    async *list(prefix: string): AsyncIterable<ListedObject> {
      const folder = join(root, ...prefix.split('/').filter(Boolean));
      let entries: Dirent[];
      try {
        entries = await readdir(folder, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const key = relative(root, path).split(sep).join('/');
        if (!isValidKey(key)) continue;
        const info = await stat(path).catch(() => null);
        if (info) yield { key, modifiedAt: info.mtime };
      }
    },
  };
}
