// Opens a fresh database of each kind for a suite: PGlite in a temp folder, or a new PostgreSQL database.
import { mkdtempSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseKind, type Db, type OpenedDatabase } from '../../server/db/client.js';
import { createFsBlobStore } from '../../server/media/blobStore/index.js';
import { createMediaStore, type MediaStore } from '../../server/media/store.js';

export const DATABASE_KINDS: DatabaseKind[] = ['pglite', 'postgres'];

export interface TestDatabase extends OpenedDatabase {
  /** postgres:// URL (postgres) or the data folder (pglite), to open a second handle on the same data. */
  location: { databaseUrl?: string; dataDir?: string };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function openTestDatabase(kind: DatabaseKind, logger?: Logger): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const root = await mkdtemp(join(tmpdir(), 'artbazaar-pglite-'));
    // A nested, not yet existing folder: openDatabase must create parents.
    const dataDir = join(root, 'nested', 'data');
    // A copy of the migrated template (pgliteTemplate.globalSetup.ts) when the project made one; openDatabase still
    // takes its lock, opens and checks the migrations. (openDatabase's own creation of a new folder and database is
    // tested in database.test.ts.)
    const template = inject('pgliteTemplateDir');
    if (template) await cp(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
    const opened = await openDatabase({ dataDir, logger });
    return {
      ...opened,
      location: { dataDir },
      async close() {
        await opened.close();
        await rm(root, { recursive: true, force: true });
      },
    };
  }
  const name = `test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const opened = await openDatabase({ databaseUrl, logger });
  return {
    ...opened,
    location: { databaseUrl },
    async close() {
      await opened.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

const mediaStores = new WeakMap<object, MediaStore>();

/**
 * The media store of a test database: blobs in a temporary folder of their own (the filesystem driver, as `npm start`
 * uses), one per database handle so every server and fixture built on it reads what the others stored.
 */
export function testMediaStore(db: Db): MediaStore {
  let store = mediaStores.get(db);
  if (!store) {
    store = createMediaStore(db, createFsBlobStore(mkdtempSync(join(tmpdir(), 'artbazaar-blobs-'))));
    mediaStores.set(db, store);
  }
  return store;
}
