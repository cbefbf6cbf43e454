// The socket clients of the cluster benchmark (scripts/bench/cluster.ts), a process of their own so their work does
// not delay the benchmark's timings: `node --import tsx scripts/bench/clusterSockets.ts <url> <count>` connects
// <count> socket.io clients (websocket, as the app does) from loopback addresses 127.0.0.2 and up, 25 to an address
// (within the production bound of 50 a client), each sending `ready` as the app does, and counts every `Sold` event
// each one receives. Clients reconnect as the app's do (socket.io's backoff, connection-state recovery), so a
// client whose process dies reconnects to another and receives what it missed.
// Protocol, JSON lines: it prints {"connected": n} once every client is connected; each line on stdin,
// {"saleIds": [...]}, is answered with the counts for those sale ids (SocketCounts); stdin closing ends it.
import { createInterface } from 'node:readline';
import { io as connectSocket, type Socket } from 'socket.io-client';

export const SOCKETS_PER_ADDRESS = 25;

export type SocketCounts = {
  /** Clients in the swarm, and how many are connected now. */
  clients: number;
  connected: number;
  /** Clients that received every one of the asked sale ids' Sold events, exactly once each. */
  receivedEvery: number;
  /** Sold events of the asked ids a client never received, summed over clients. */
  missing: number;
  /** A Sold event a client received more than once, summed over clients. */
  duplicates: number;
  /** Clients whose connection dropped, and reconnections that recovered the session (socket.recovered). */
  disconnects: number;
  recovered: number;
};

/** The source address of client n: 127.0.0.2 for the first 25, 127.0.0.3 for the next, and so on. */
export function sourceAddress(n: number): string {
  const index = 2 + Math.floor(n / SOCKETS_PER_ADDRESS);
  return `127.0.${Math.floor(index / 256)}.${index % 256}`;
}

async function main(url: string, count: number) {
  const received = Array.from({ length: count }, () => new Map<string, number>());
  const sockets: Socket[] = [];
  let disconnects = 0;
  let recovered = 0;
  // Connected in batches of 50 so the handshakes do not all queue at once.
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) => {
      const n = i + j;
      // engine.io-client hands localAddress to Node's ws, though its types omit it.
      const options = { path: '/socket.io', transports: ['websocket'], reconnectionDelay: 500, reconnectionDelayMax: 2000, localAddress: sourceAddress(n) };
      const socket = connectSocket(url, options);
      socket.on('Sold', (doc: { sale_id: string }) => received[n]!.set(doc.sale_id, (received[n]!.get(doc.sale_id) ?? 0) + 1));
      socket.on('disconnect', () => (disconnects += 1));
      socket.on('connect', () => {
        if (socket.recovered) recovered += 1;
        else socket.emit('ready', {});
      });
      return socket;
    });
    await Promise.all(batch.map((socket) => new Promise<void>((resolve) => (socket.connected ? resolve() : socket.once('connect', () => resolve())))));
    sockets.push(...batch);
  }
  console.log(JSON.stringify({ connected: sockets.length }));
  createInterface({ input: process.stdin })
    .on('line', (line) => {
      const saleIds = (JSON.parse(line) as { saleIds: string[] }).saleIds;
      const counts: SocketCounts = { clients: count, connected: sockets.filter((s) => s.connected).length, receivedEvery: 0, missing: 0, duplicates: 0, disconnects, recovered };
      for (const seen of received) {
        let every = true;
        for (const id of saleIds) {
          const times = seen.get(id) ?? 0;
          if (times === 0) counts.missing += 1;
          if (times > 1) counts.duplicates += times - 1;
          if (times !== 1) every = false;
        }
        if (every) counts.receivedEvery += 1;
      }
      console.log(JSON.stringify(counts));
    })
    .on('close', () => {
      for (const socket of sockets) socket.close();
      process.exit(0);
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, count] = process.argv.slice(2);
  await main(url!, Number(count));
}
