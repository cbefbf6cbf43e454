// One place every part of the server broadcasts live events through (docs/requirements.md#live-events).
// REST routes and the indexer emit here; socket.io is plugged in once the http server exists.
import type { Server as SocketServer } from 'socket.io';
import type { LiveEventName } from '../../domain/contracts/live.js';

/** The part of socket.io's server a broadcaster uses (also what the indexer accepts as `io`). */
export interface LiveEventSink {
  emit(event: string, ...args: unknown[]): unknown;
}

export interface LiveBus extends LiveEventSink {
  /** Sends to every client: an event of the wire's list (domain/contracts/live.ts). */
  emit(event: LiveEventName, ...args: unknown[]): unknown;
  /** Sends to one account's room only (`account:<lower-case address>`). */
  emitTo(address: string, event: LiveEventName, ...args: unknown[]): void;
  attach(io: SocketServer): void;
}

export function createLiveBus(): LiveBus {
  let io: SocketServer | null = null;
  return {
    // Before attach (tests without sockets, scripts) events have no listener and are dropped.
    emit: (event, ...args) => io?.emit(event, ...args) ?? false,
    emitTo: (address, event, ...args) => {
      io?.to(`account:${address.toLowerCase()}`).emit(event, ...args);
    },
    attach: (server) => {
      io = server;
    },
  };
}
