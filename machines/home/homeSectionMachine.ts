// One section of the home page below the carousel (the editorial pages; docs/requirements.md#home): the featured collection, the
// current exhibition, the trending collections or the featured article. Its data is asked for only when the
// section comes near the viewport (section.near), and a section without data is left out: docs/requirements.md#home "Silently
// swallowed: … featured and exhibition data on home" — a failed load is no error on screen, only an absent section.
//   idle → (section.near) loading → ready (data) | absent (nothing to show, or the load failed)
import { assign, fromCallback, setup, type EventObject } from 'xstate';
import { notProvided } from '../system/notProvided';

export interface HomeSectionContext<TData> {
  data: TData | null;
}

export type HomeSectionEvent = { type: 'section.near' };

/** `fetchSection` answers the section's data, or null when there is nothing to show (e.g. no current exhibition). */
export function createHomeSectionMachine<TData>(id: string) {
  return setup({
    types: {
      context: {} as HomeSectionContext<TData>,
      events: {} as HomeSectionEvent,
      tags: {} as 'loading',
    },
    actors: {
      fetchSection: notProvided<TData | null>(id, 'fetchSection'),
      // Provided where the flow itself knows when the section is near (the carousel: a wide screen); sends
      // section.near. Otherwise the view's observer sends it.
      watchNear: fromCallback<EventObject, unknown>(() => undefined),
    },
  }).createMachine({
    id,
    context: { data: null },
    initial: 'idle',
    states: {
      idle: {
        invoke: { src: 'watchNear' },
        on: { 'section.near': 'loading' },
      },
      loading: {
        tags: 'loading',
        invoke: {
          id: 'fetchSection',
          src: 'fetchSection',
          onDone: [
            { guard: ({ event }) => event.output !== null, target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
            { target: 'absent' },
          ],
          // See docs/requirements.md#home: silently swallowed — the section is left out.
          onError: 'absent',
        },
      },
      ready: {},
      absent: {},
    },
  });
}
