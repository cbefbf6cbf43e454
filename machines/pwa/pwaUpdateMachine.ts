import { assign, emit, setup } from 'xstate';
import { errorMessage } from '../system/errorMessage';
import { notProvided } from '../system/notProvided';

export interface PwaUpdateContext {
  // The service worker has precached the shell: the app works offline.
  offlineReady: boolean;
  error: string | null;
}

export type PwaUpdateEvent =
  | { type: 'sw.updateAvailable' }
  | { type: 'sw.offlineReady' }
  | { type: 'update.accept' }
  | { type: 'update.dismiss' };

// One-off notice for the view (actor.on('pwa.offlineReady', …)): show "available offline" once.
export type PwaUpdateEmitted = { type: 'pwa.offlineReady' };


/** The service worker's update: a new version is offered to the user, who applies or dismisses it. */
export const pwaUpdateMachine = setup({
  types: {
    context: {} as PwaUpdateContext,
    events: {} as PwaUpdateEvent,
    emitted: {} as PwaUpdateEmitted,
    tags: {} as 'busy',
  },
  actors: {
    // Services: tell the waiting service worker to skip waiting, then reload on controllerchange.
    applyUpdate: notProvided<void>('pwaUpdateMachine', 'applyUpdate'),
  },
}).createMachine({
  id: 'pwaUpdate',
  context: { offlineReady: false, error: null },
  initial: 'idle',
  on: {
    'sw.offlineReady': {
      guard: ({ context }) => !context.offlineReady,
      actions: [assign({ offlineReady: true }), emit({ type: 'pwa.offlineReady' })],
    },
  },
  states: {
    idle: {
      on: { 'sw.updateAvailable': 'prompting' },
    },
    prompting: {
      on: {
        'update.accept': { target: 'updating', actions: assign({ error: null }) },
        'update.dismiss': { target: 'dismissed', actions: assign({ error: null }) },
      },
    },
    updating: {
      tags: 'busy',
      invoke: {
        id: 'applyUpdate',
        src: 'applyUpdate',
        onDone: 'updated',
        onError: { target: 'prompting', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    // The user closed the prompt; a later update found by the service worker prompts again.
    dismissed: {
      on: { 'sw.updateAvailable': 'prompting' },
    },
    // The new worker is active; the page reload (done by applyUpdate) replaces this app instance.
    updated: {},
  },
});

export type PwaUpdateMachine = typeof pwaUpdateMachine;
