// The live socket's listeners, loaded with socket.io-client after the first load (./socket.ts): every payload is
// parsed with its event's contract (domain/contracts/liveEvents.ts) here, at the boundary. One that is not its
// event's is dropped and reported, never passed to the liveEvents machine.
import type { Socket } from 'socket.io-client';
import { LIVE_EVENT_NAMES } from '../../../domain/contracts/live';
import { parseLiveEvent, type LiveMessage } from '../../../domain/contracts/liveEvents';

/** Listens for every live event on `socket`; `deliver` gets each one that reads as its contract. */
export function listenLive(socket: Pick<Socket, 'on'>, deliver: (message: LiveMessage) => void): void {
  for (const name of LIVE_EVENT_NAMES) {
    socket.on(name, (payload: unknown) => {
      const read = parseLiveEvent(name, payload);
      if (read.ok) deliver(read.message);
      else console.warn(`Live event ${name} dropped: its payload is not the contract's (${read.issues})`);
    });
  }
}
