// The filesystem blob store: <root>/<key>, written to <root>/.tmp/<random> and renamed into place (atomic on one
// filesystem), so a crash leaves at most a temporary file, which the next start removes.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { once as eventOnce } from 'node:events';
import { dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { assertBlobKey, temporaryWrites, type BlobStore, type ThroughTemp } from './types.js';

async function writeChunk(out: Writable, chunk: Uint8Array): Promise<void> {
  if (!out.write(chunk)) await eventOnce(out, 'drain');
}

async function closeStream(out: Writable): Promise<void> {
  out.end();
  await eventOnce(out, 'finish');
}

/** Opens (creating) the store in `root`; removes the temporary files of writes a crash interrupted. */
export function createFsBlobStore(root: string): BlobStore {
  const tmpDir = join(root, '.tmp');
  rmSync(tmpDir, { recursive: true, force: true });
  mkdirSync(tmpDir, { recursive: true });
  const path = (key: string) => {
    assertBlobKey(key);
    return join(root, key);
  };

  /** Streams into a temporary file; `finish` names it (or it is removed on failure). */
  const throughTemp: ThroughTemp = async (fill, keyOf) => {
    const temp = join(tmpDir, randomUUID());
    const out = createWriteStream(temp, { flags: 'wx' });
    const failed = new Promise<never>((_, reject) => out.once('error', reject));
    failed.catch(() => undefined);
    try {
      const result = await Promise.race([fill((chunk) => Promise.race([writeChunk(out, chunk), failed])), failed]);
      await Promise.race([closeStream(out), failed]);
      const target = path(keyOf(result));
      await mkdir(dirname(target), { recursive: true });
      await rename(temp, target);
      return result;
    } catch (error) {
      out.destroy();
      await rm(temp, { force: true });
      throw error;
    }
  };

  return {
    kind: 'fs',
    ...temporaryWrites(throughTemp, path),
    async get(key, range) {
      const file = path(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async stat(key) {
      try {
        const info = await stat(path(key));
        return info.isFile() ? { size: info.size } : null;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(path(key), { force: true });
    },
  };
}
