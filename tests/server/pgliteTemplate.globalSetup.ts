// A migrated PGlite data folder, made once for the server tests: each suite's fresh PGlite database starts as a copy
// of it (tests/server/databases.ts). Creating a PGlite cluster and applying the migrations took 5–15 s per database
// on a loaded CI machine (70–90 s at a load of 20), a copy and reopen about a fifth of that, and the server tests open
// about a hundred of them. The copy is opened through the server's own `openDatabase`, which still checks the
// migrations, so a suite sees exactly what a fresh database would be.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder whose `pglite` folder is a closed, migrated PGlite database to copy. */
    pgliteTemplateDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'artbazaar-pglite-template-'));
  const opened = await openDatabase({ dataDir: dir });
  await opened.close();
  project.provide('pgliteTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
