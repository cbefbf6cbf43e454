// The liveEvents actor with its effects implemented: the socket, token patches and the list refresh signal.
import { liveEventsMachine } from '../../../machines/live/liveEventsMachine';
import { notifyListsStale } from './listRefresh';
import { createLiveSocket, type LiveSocketOptions } from './socket';
import { patchToken } from './tokenPatches';

export function provideLiveEvents(options: LiveSocketOptions = {}) {
  return liveEventsMachine.provide({
    actors: { liveSocket: createLiveSocket(options) },
    actions: {
      patchToken: (_, params) => patchToken(params.id, params.patch),
      listsStale: () => notifyListsStale(),
    },
  });
}
