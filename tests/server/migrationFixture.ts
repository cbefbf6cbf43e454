// A database migrated up to just before one migration, seeded in that older schema, then opened the way the server
// opens it (which applies the rest): for tests of a migration on a database that already has rows.
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { migrationsFolder, openDatabase, type DatabaseKind, type Db } from '../../server/db/client.js';

/** The migrations folder as it was before migration `idx` (named `tag`): the same files, the journal cut before it. */
async function migrationsBefore(root: string, idx: number, tag: string): Promise<string> {
  const folder = join(root, `migrations-before-${idx}`);
  await cp(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  expect(journal.entries.find((entry) => entry.idx === idx)?.tag).toBe(tag);
  journal.entries = journal.entries.filter((entry) => entry.idx < idx);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

/**
 * Migrates a new database up to before migration `idx`, runs `seed` on it (write it for that schema: the drizzle
 * table objects are today's), and returns it opened with every migration applied, plus how to drop it.
 */
export async function databaseMigratedFromBefore<T>(
  kind: DatabaseKind,
  root: string,
  migration: { idx: number; tag: string },
  seed: (db: Db) => Promise<T>,
) {
  const before = await migrationsBefore(root, migration.idx, migration.tag);
  let location: { dataDir?: string; databaseUrl?: string };
  let drop = async () => {};
  let seeded: T;
  if (kind === 'pglite') {
    const dataDir = join(root, `data-${migration.idx}`);
    await mkdir(dataDir, { recursive: true });
    const client = await PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    try {
      const db = drizzlePglite(client);
      await migratePglite(db, { migrationsFolder: before });
      seeded = await seed(db as unknown as Db);
    } finally {
      await client.close();
    }
    location = { dataDir };
  } else {
    const admin = inject('postgresAdminUrl');
    const name = `test_${String(migration.idx).padStart(4, '0')}_${process.pid}_${Date.now()}`;
    const adminQuery = async (text: string) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    };
    await adminQuery(`CREATE DATABASE ${name}`);
    drop = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    try {
      const db = drizzlePg(pool);
      await migratePg(db, { migrationsFolder: before });
      seeded = await seed(db as unknown as Db);
    } finally {
      await pool.end();
    }
    location = { databaseUrl: url.toString() };
  }
  const opened = await openDatabase(location);
  return {
    db: opened.db,
    seeded: seeded!,
    async close() {
      await opened.close();
      await drop();
    },
  };
}

/** Token rows written with plain SQL (an older schema has fewer columns than today's drizzle table). */
export interface OldTokenRow {
  collectionId: number;
  chainId: number;
  tokenId: string;
  name: string;
  mediaType: string;
  creator: string;
  priceWei?: string | null;
}

export async function insertOldTokens(db: Db, rows: OldTokenRow[]): Promise<number[]> {
  const values = rows.map(
    (row) => sql`(${row.collectionId}, ${row.chainId}, ${row.tokenId}, ${row.name}, ${row.mediaType}, ${row.creator}, ${row.priceWei ?? null}::numeric)`,
  );
  const result = (await db.execute(sql`
    INSERT INTO tokens (collection_id, chain_id, token_id, name, media_type, creator, price_wei)
    VALUES ${sql.join(values, sql`, `)} RETURNING id`)) as unknown as { rows: { id: number | string }[] };
  return result.rows.map((row) => Number(row.id));
}

