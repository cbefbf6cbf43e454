// The app's liveEvents actor with its real socket service against the real server (createServer + attach on an
// ephemeral port): events from the live bus patch tokens, notify, refresh lists, reach the account room, and
// a dropped connection is re-registered and refetched.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Server as SocketServer } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, setup, type Actor } from 'xstate';
import { ON_SALE_NOTICE, type LiveMessage } from '../../machines/live/liveEventsMachine';
import { notificationsMachine } from '../../machines/notifications/notificationsMachine';
import type { LiveBus } from '../../server/live/bus.js';
import { provideLiveEvents } from '../../src/services/live/liveEvents';
import { CAROL, login } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';
import { liveDoc } from '../domain/liveEventSamples.js';
import { until } from './until.js';

const BUYER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';

describe.each(DATABASE_KINDS)('liveEvents actor against the real socket server on %s', (kind) => {
  let database: TestDatabase;
  let io: SocketServer;
  let live: LiveBus;
  let app: Actor<ReturnType<typeof rootMachine>>;
  let stale = 0;
  const received: LiveMessage[] = [];

  // The signed-in wallet session the socket reads its key from (only its context matters here).
  const signedInSession = (key: string) => createMachine({ context: { address: BUYER, apiKey: { key, expires: Date.now() + 3_600_000 } } });
  const rootMachine = (url: string, key: string) =>
    setup({
      actors: {
        notifications: notificationsMachine,
        walletSession: signedInSession(key),
        liveEvents: provideLiveEvents({ url, afterFirstLoad: async () => {} }),
      },
    }).createMachine({
      invoke: [
        { id: 'notifications', systemId: 'notifications', src: 'notifications' },
        { id: 'walletSession', systemId: 'walletSession', src: 'walletSession' },
        { id: 'liveEvents', systemId: 'liveEvents', src: 'liveEvents' },
      ],
    });
  const liveActor = () => app.getSnapshot().children.liveEvents!;
  const connected = () => liveActor().getSnapshot().hasTag('connected');
  const tokenPatch = (id: string) => liveActor().getSnapshot().context.patches[id];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const server = await buildTestServer(database.db);
    live = server.live;
    const httpServer = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => httpServer.once('listening', resolve));
    io = server.attach(httpServer as Parameters<typeof server.attach>[0]);
    const { port } = httpServer.address() as AddressInfo;
    // BUYER is Hardhat account #3 (CAROL's key): its socket proves the address with a real API key.
    expect(CAROL.address.toLowerCase()).toBe(BUYER);
    const { apiKey } = await login(server, CAROL);
    app = createActor(rootMachine(`http://127.0.0.1:${port}`, apiKey.key)).start();
    liveActor().on('live.received', ({ type: _type, ...message }) => received.push(message));
    liveActor().on('lists.stale', () => (stale += 1));
    // As a page showing live data does when it subscribes: the socket starts.
    liveActor().send({ type: 'live.needed' });
    await until(connected, 'the socket to connect', 5_000);
  });

  afterAll(async () => {
    app?.stop();
    await new Promise<void>((resolve) => (io ? io.close(() => resolve()) : resolve()));
    await database?.close();
  });

  it('a Sold broadcast marks the token sold with its new owner and its last sale; likes update the count', async () => {
    live.emit('Sold', liveDoc('Sold', { _id: '1', token_id: '42', sale_id: '1', buyer: BUYER, seller: '0xa', price: '2500', isSold: true, tokenPrice: null }));
    live.emit('TokenLiked', { token_id: '42', account_id: BUYER, updatedFields: { likesCount: 5 } });
    await until(() => tokenPatch('42')?.likesCount === 5, 'the likes patch');
    // The sale's unit price is the token's last sale now.
    expect(tokenPatch('42')).toEqual({ isSold: true, ownerAddress: BUYER, priceWei: null, lastSaleWei: '2500', likesCount: 5 });
  });

  it('a payload that is not its event\'s contract is dropped and reported, never passed to the machine', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const before = received.length;
      // Past the typed bus (which would not compile this): the raw socket.io server, as a drifted server would send.
      io.emit('TokenLiked', { token_id: 44, account_id: BUYER, updatedFields: { likesCount: 9 } });
      live.emit('TokenLiked', { token_id: '45', account_id: BUYER, updatedFields: { likesCount: 1 } });
      await until(() => tokenPatch('45')?.likesCount === 1, 'the well-formed event after it');
      expect(tokenPatch('44')).toBeUndefined();
      expect(received.slice(before).map((message) => message.doc)).toEqual([{ token_id: '45', account_id: BUYER, updatedFields: { likesCount: 1 } }]);
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Live event TokenLiked dropped: .*token_id/));
    } finally {
      warn.mockRestore();
    }
  });

  it('a sale on the viewed token shows its notice; lists refresh about 2 seconds later', async () => {
    const before = stale;
    // The token page says which token is on screen through the actor system.
    liveActor().send({ type: 'live.viewToken', id: '43' });
    await until(() => liveActor().getSnapshot().context.viewedTokenId === '43', 'the viewed token');
    live.emit('CreatedSale', liveDoc('CreatedSale', { token_id: '43', previousPrice: null, tokenPrice: '1000' }));
    const notifications = () => app.getSnapshot().children.notifications!.getSnapshot().context.current as { text: string } | null;
    await until(() => notifications()?.text === ON_SALE_NOTICE, 'the on-sale notice', 5_000);
    expect(tokenPatch('43')).toEqual({ priceWei: '1000' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stale).toBe(before);
    await until(() => stale === before + 1, 'the list refresh', 2000);
  });

  it('the registered address joins its room (PublishReady); after a dropped connection it re-registers and lists refetch at once', async () => {
    liveActor().send({ type: 'live.account', address: BUYER });
    // The server acknowledges nothing here: wait until the room has the socket.
    await until(() => (io.sockets.adapter.rooms.get(`account:${BUYER}`)?.size ?? 0) === 1, 'the account room', 5_000);
    live.emitTo(BUYER, 'PublishReady', liveDoc('PublishReady', { _id: '3', creator: BUYER }));
    await until(() => received.some((e) => e.name === 'PublishReady'), 'PublishReady');

    const before = stale;
    for (const socket of io.sockets.sockets.values()) socket.conn.close();
    await until(() => !connected(), 'the disconnect', 5_000);
    await until(connected, 'the reconnect', 10_000);
    expect(stale).toBe(before + 1);
    await until(() => (io.sockets.adapter.rooms.get(`account:${BUYER}`)?.size ?? 0) === 1, 'the account room after reconnect', 5_000);
    live.emit('TokenUnliked', { token_id: '42', account_id: BUYER, updatedFields: { likesCount: 4 } });
    await until(() => tokenPatch('42')?.likesCount === 4, 'events after the reconnect');
  });
});
