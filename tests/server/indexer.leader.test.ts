// One chain indexer across server processes that share a database (server/indexer/leader.ts): a PostgreSQL advisory
// lock elects the leader, another process takes over when the leader's session ends, and two indexers running at once
// (a leader cut off before it noticed) never apply or broadcast a range twice (the progress write's compare-and-set).
// On a real in-process chain with the real contracts, a real PostgreSQL (and PGlite where one process runs two).
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deployments } from '../../contracts/deploy.js';
import { openDatabase, type OpenedDatabase } from '../../server/db/client.js';
import { chainEvents } from '../../server/db/schema.js';
import { indexerStateKey, startIndexer, type Indexer } from '../../server/indexer/index.js';
import { INDEXER_LOCK_KEY, postgresLock, runAsLeader, type LeaderLock } from '../../server/indexer/leader.js';
import { fetchFactoryLogs, fetchTradeLogs } from '../../server/indexer/logs.js';
import { approveMarketplace, createCollection, createSale, makeOffer, type Market, type SeedWallet } from '../../scripts/seed/chain.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { deployTestMarket, TEST_IPFS } from './marketFixtures.js';
import { until } from './until.js';

/** A lock that counts its tries, so a test can wait for a follower to have tried (and been refused) again. */
function counted(lock: LeaderLock) {
  const tries = { count: 0 };
  return { tries, lock: { ...lock, tryAcquire: () => (tries.count++, lock.tryAcquire()) } };
}

/** The backend holding the indexer's advisory lock (pg_locks splits the 64-bit key: objid is its low 32 bits). */
async function lockHolders(admin: pg.Client): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `select pid from pg_locks where locktype = 'advisory' and granted and classid = 0 and objid = $1`,
    [INDEXER_LOCK_KEY],
  );
  return rows.map((r) => r.pid);
}

/** Every log the indexer keeps, read from the chain in one pass: factory, marketplace and the collections' events. */
async function chainLogs(market: Market, deployments: Deployments, head: bigint): Promise<string[]> {
  const from = BigInt(deployments.blockNumber);
  const factory = await fetchFactoryLogs(market.publicClient, market.collectionFactory, from, head);
  const collections = factory.filter((log) => log.eventName === 'CreatedCollection').map((log) => (log.args as { collection: Address }).collection);
  const trade = await fetchTradeLogs(market.publicClient, market.marketplace, collections, from, head);
  return [...factory, ...trade].map((log) => `${log.blockNumber}:${log.logIndex}:${log.eventName}`).sort();
}

async function storedLogs(database: OpenedDatabase, deployments: Deployments): Promise<string[]> {
  const rows = await database.db
    .select({ block: chainEvents.blockNumber, logIndex: chainEvents.logIndex, name: chainEvents.eventName })
    .from(chainEvents)
    .where(and(eq(chainEvents.chainId, deployments.chainId), eq(chainEvents.deployment, indexerStateKey(deployments))));
  return rows.map((r) => `${r.block}:${r.logIndex}:${r.name}`).sort();
}

/** Chain activity: a collection, its approval, two listings and an offer (each its own block). */
async function trade(market: Market, artist: SeedWallet, collector: SeedWallet, name: string) {
  const { address } = await createCollection(market, artist, { name, symbol: 'LEAD', tokenCount: 2, baseUri: `ipfs://${name.toLowerCase().replace(/\W/g, '')}/` });
  await approveMarketplace(market, artist, address);
  const sale = await createSale(market, artist, address, 1, parseEther('1'));
  await createSale(market, artist, address, 2, parseEther('2'));
  await makeOffer(market, collector, sale, 1, parseEther('0.5'));
}

describe('the indexer leader on PostgreSQL', () => {
  let database: TestDatabase;
  let admin: pg.Client;
  let market: Market;
  let deployments: Deployments;
  let wallets: SeedWallet[];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    admin = new pg.Client({ connectionString: database.location.databaseUrl });
    await admin.connect();
    ({ market, deployments, wallets } = await deployTestMarket({ creators: [1] }));
  }, 120_000);
  afterAll(async () => {
    await admin?.end();
    await database?.close();
  });

  it("one process indexes; when its session ends another takes over, goes on where it stopped, and the database matches the chain's logs", async () => {
    const second = await openDatabase({ databaseUrl: database.location.databaseUrl! });
    const broadcasts: string[] = [];
    const leaders: string[] = [];
    const serverProcess = (name: string, db: OpenedDatabase) => {
      const { lock, tries } = counted(postgresLock(database.location.databaseUrl!, { checkMs: 100 }));
      const leadership = runAsLeader<Indexer>({
        lock,
        retryMs: 100,
        log: () => {},
        start: async () => {
          leaders.push(name);
          return startIndexer({
            db: db.db, publicClient: market.publicClient, deployments, ipfs: TEST_IPFS, pollIntervalMs: 20,
            io: { emit: (event: string, doc: unknown) => broadcasts.push(`${event} ${JSON.stringify(doc)}`) },
            log: () => {},
          });
        },
      });
      return { leadership, tries };
    };
    const a = serverProcess('a', database);
    await until(() => a.leadership.current() !== null, 'a to lead', 20_000);
    const b = serverProcess('b', second);
    await until(() => b.tries.count >= 3, 'b to try the lock three times', 20_000);
    expect(b.leadership.current(), 'b follows while a leads').toBeNull();
    expect(leaders).toEqual(['a']);

    await trade(market, wallets[1]!, wallets[2]!, 'Before the takeover');
    let head = await market.publicClient.getBlockNumber({ cacheTime: 0 });
    await a.leadership.current()!.waitForBlock(head);

    // The leader dies: its session ends and it tries no more. b takes over.
    const holders = await lockHolders(admin);
    expect(holders, 'one backend holds the lock').toHaveLength(1);
    await admin.query('select pg_terminate_backend($1)', [holders[0]]);
    await a.leadership.stop();
    await until(() => b.leadership.current() !== null, 'b to take over', 20_000);
    expect(leaders).toEqual(['a', 'b']);

    // Activity while b leads: b indexes it from where a stopped.
    await trade(market, wallets[1]!, wallets[2]!, 'After the takeover');
    head = await market.publicClient.getBlockNumber({ cacheTime: 0 });
    await b.leadership.current()!.waitForBlock(head);
    expect(await storedLogs(database, deployments)).toEqual(await chainLogs(market, deployments, head));
    // Every event broadcast once: the same document never twice (their block numbers and log indexes differ).
    expect(new Set(broadcasts).size).toBe(broadcasts.length);
    expect(broadcasts.filter((line) => line.startsWith('CreatedCollection ')).length).toBe(2);
    expect(broadcasts.filter((line) => line.startsWith('CreatedSale ')).length).toBe(4);

    // a, started again, follows; once b stops (its lock released), a leads again.
    const again = serverProcess('a', database);
    await until(() => again.tries.count >= 2, 'a to try the lock twice', 20_000);
    expect(again.leadership.current()).toBeNull();
    await b.leadership.stop();
    await until(() => again.leadership.current() !== null, 'a to lead again', 20_000);
    expect(leaders).toEqual(['a', 'b', 'a']);
    await again.leadership.stop();
    expect(await lockHolders(admin), 'stopping releases the lock').toEqual([]);
    await second.close();
  }, 120_000);
});

describe.each(DATABASE_KINDS)('two indexers at once on one database (%s)', (kind) => {
  let database: TestDatabase;
  let market: Market;
  let deployments: Deployments;
  let wallets: SeedWallet[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ({ market, deployments, wallets } = await deployTestMarket({ creators: [1] }));
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('apply, store and broadcast every chain event once: the progress write refuses a range the other indexer committed', async () => {
    // Two handles on PostgreSQL (as two processes would have); PGlite's folder opens once, so one handle serves both.
    const second = kind === 'postgres' ? await openDatabase({ databaseUrl: database.location.databaseUrl! }) : null;
    const broadcasts: string[] = [];
    const notices: string[] = [];
    const start = (db: OpenedDatabase) =>
      startIndexer({
        db: db.db, publicClient: market.publicClient, deployments, ipfs: TEST_IPFS, pollIntervalMs: 5,
        io: { emit: (event: string, doc: unknown) => broadcasts.push(`${event} ${JSON.stringify(doc)}`) },
        log: (message) => notices.push(message),
      });
    const x = await start(database);
    const y = await start(second ?? database);
    try {
      await trade(market, wallets[1]!, wallets[2]!, `Twice ${kind}`);
      const head = await market.publicClient.getBlockNumber({ cacheTime: 0 });
      await Promise.all([x.waitForBlock(head), y.waitForBlock(head)]);
      expect(await storedLogs(database, deployments)).toEqual(await chainLogs(market, deployments, head));
      expect(new Set(broadcasts).size, broadcasts.join('\n')).toBe(broadcasts.length);
      for (const [event, count] of [['CreatedCreator', 1], ['CreatedCollection', 1], ['CreatedSale', 2], ['OfferMade', 1]] as const) {
        expect(broadcasts.filter((line) => line.startsWith(`${event} `)).length, event).toBe(count);
      }
      // The two met: one of them found its range taken and went on from the stored progress.
      expect(notices.some((message) => message.includes('another indexer moved'))).toBe(true);
    } finally {
      await x.stop();
      await y.stop();
      await second?.close();
    }
  }, 120_000);
});
