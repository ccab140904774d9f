import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isStorageKey } from './keys';
import type { ByteRange, ObjectPage, Storage, StoredObject } from './types';

function assertKey(key: string): void {
  if (!isStorageKey(key)) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}

function describe(stats: fs.Stats): StoredObject {
  // Size, modification time and inode change with every write, so they validate the bytes.
  const tag = createHash('sha1')
    .update(`${stats.size}:${stats.mtimeMs}:${stats.ino}`)
    .digest('base64url')
    .slice(0, 22);
  return { size: stats.size, etag: `"${tag}"`, lastModified: stats.mtime };
}

/** Every file under `dir` as a key (`audio/x`), leaving out writes still in progress. */
async function keysUnder(dir: string, prefix = ''): Promise<string[]> {
  const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
  const keys = await Promise.all(
    entries.map(async (entry) => {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return keysUnder(path.join(dir, entry.name), key);
      return entry.isFile() && isStorageKey(key) && !entry.name.endsWith('.part') ? [key] : [];
    }),
  );
  return keys.flat();
}

/** Files under one folder; each write lands in a temporary file renamed into place. */
export function localStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };

  async function writeAtomically(key: string, write: (temp: string) => Promise<void>) {
    const target = fileOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.part`;
    try {
      await write(temp);
      await fsp.rename(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
    return describe(await fsp.stat(target));
  }

  return {
    kind: 'local',
    putFile: (key, filePath) => writeAtomically(key, (temp) => fsp.copyFile(filePath, temp)),
    putBuffer: (key, bytes) => writeAtomically(key, (temp) => fsp.writeFile(temp, bytes)),
    async stat(key) {
      const stats = await fsp.stat(fileOf(key)).catch(() => null);
      return stats?.isFile() ? describe(stats) : null;
    },
    async read(key, range?: ByteRange) {
      const stream = fs.createReadStream(fileOf(key), range ?? {});
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
      return stream;
    },
    download: (key, filePath) =>
      pipeline(fs.createReadStream(fileOf(key)), fs.createWriteStream(filePath)),
    remove: (key) => fsp.rm(fileOf(key), { force: true }),
    async list(prefix, { after, limit }): Promise<ObjectPage> {
      // A walk of the folder: enough for the developer pages' listing, which is all that lists.
      const keys = (await keysUnder(root))
        .filter((key) => key.startsWith(prefix) && (after === null || key > after))
        .sort();
      const page = keys.slice(0, limit);
      const objects = await Promise.all(
        page.map(async (key) => ({ key, ...describe(await fsp.stat(fileOf(key))) })),
      );
      return { objects, next: keys.length > limit ? page.at(-1)! : null };
    },
    async check() {
      await fsp.mkdir(root, { recursive: true });
      const probe = path.join(root, `.write-check-${randomUUID()}`);
      await fsp.writeFile(probe, '');
      await fsp.rm(probe, { force: true });
    },
  };
}
