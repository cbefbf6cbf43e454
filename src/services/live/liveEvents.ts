// The liveEvents actor with its socket implemented. Token patches and the lists-stale signal live in the machine.
import { liveEventsMachine } from '../../../machines/live/liveEventsMachine';
import { createLiveSocket, type LiveSocketOptions } from './socket';

export function provideLiveEvents(options: LiveSocketOptions = {}) {
  return liveEventsMachine.provide({ actors: { liveSocket: createLiveSocket(options) } });
}
