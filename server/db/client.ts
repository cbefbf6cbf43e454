// Opens the database: PGlite in a data folder by default, PostgreSQL when a URL is given. Migrations run here.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';
import { acquireFolderLock } from './lock.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenDatabaseOptions {
  /** Folder for PGlite (default `.data/`); ignored when databaseUrl is set. */
  dataDir?: string;
  /** postgres://… — use a PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /** drizzle query logger (tests count queries with it). */
  logger?: Logger;
}

export interface OpenedDatabase {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same for every server sharing one PostgreSQL database.
const MIGRATION_LOCK_KEY = 874_201_115;

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.logger);
  return openPglite(options.dataDir ?? '.data', options.logger);
}

async function openPglite(dataDir: string, logger?: Logger): Promise<OpenedDatabase> {
  await mkdir(dataDir, { recursive: true });
  const lock = await acquireFolderLock(join(dataDir, 'server.lock'), dataDir);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    const db = drizzlePglite(client, { schema, logger });
    const opened = client;
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      async close() {
        await opened.close();
        await lock.release();
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    await lock.release();
    throw error;
  }
}

async function openPostgres(databaseUrl: string, logger?: Logger): Promise<OpenedDatabase> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client losing its connection must not crash the process; the pool reconnects.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  try {
    const client = await pool.connect();
    try {
      // Two servers starting together must not both apply the same migration.
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const db = drizzlePg(pool, { schema, logger });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async close() {
      await pool.end();
    },
  };
}
