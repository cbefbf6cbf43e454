// A pid lock file so a second server cannot open the same PGlite folder (PGlite would corrupt it).
import { open, readFile, rm } from 'node:fs/promises';

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is already in use by process ${pid} (another server or seed script). ` +
        'Stop that process, or set DATA_DIR to a different folder.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function acquireFolderLock(lockPath: string, dataDir: string): Promise<{ release(): Promise<void> }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await rm(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DatabaseLockedError(dataDir, pid);
    // Left behind by a process that died without cleaning up: take it over.
    await rm(lockPath, { force: true });
  }
  throw new Error(`Could not lock the data folder ${dataDir}; remove ${lockPath} if no server is running.`);
}
