// One place every part of the server broadcasts live events through (docs/requirements.md#live-events).
// REST routes and the indexer emit here; socket.io is plugged in once the http server exists.
import type { Server as SocketServer } from 'socket.io';
import type { LiveEventName } from '../../domain/contracts/live.js';
import type { LivePayload } from '../../domain/contracts/liveEvents.js';

/**
 * Where live events are broadcast (also what the indexer accepts as `io`): an event of the wire's list with the
 * payload its contract names (domain/contracts/liveEvents.ts), so an emit with another payload fails tsc.
 */
export interface LiveEventSink {
  emit<N extends LiveEventName>(event: N, payload: LivePayload<N>): unknown;
}

export interface LiveBus extends LiveEventSink {
  /** Sends to one account's room only (`account:<lower-case address>`). */
  emitTo<N extends LiveEventName>(address: string, event: N, payload: LivePayload<N>): void;
  attach(io: SocketServer): void;
}

export function createLiveBus(): LiveBus {
  let io: SocketServer | null = null;
  return {
    // Before attach (tests without sockets, scripts) events have no listener and are dropped.
    emit: (event, payload) => io?.emit(event, payload) ?? false,
    emitTo: (address, event, payload) => {
      io?.to(`account:${address.toLowerCase()}`).emit(event, payload);
    },
    attach: (server) => {
      io = server;
    },
  };
}
