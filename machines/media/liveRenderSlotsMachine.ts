// Shares the few live-render slots among the generative cards in view: the first comers render, the rest wait.
import { assign, setup } from 'xstate';
import { LIVE_RENDER_LIMIT } from './constants';

export interface LiveRenderSlotsContext {
  capacity: number;
  /** Ids rendering live now, in the order they were granted. */
  holders: string[];
  /** Ids in view waiting for a slot, first come first served. */
  waiting: string[];
}

export type LiveRenderSlotsEvent = { type: 'slot.request'; id: string } | { type: 'slot.release'; id: string };

const without = (list: string[], id: string) => list.filter((item) => item !== id);

/** The slots after `id` lets go: a freed slot goes to the longest-waiting card. */
export function afterRelease(context: LiveRenderSlotsContext, id: string): Pick<LiveRenderSlotsContext, 'holders' | 'waiting'> {
  const holders = without(context.holders, id);
  const waiting = without(context.waiting, id);
  const free = Math.max(0, context.capacity - holders.length);
  return { holders: [...holders, ...waiting.slice(0, free)], waiting: waiting.slice(free) };
}

/** Whether the card with this id may render live now. */
export const holdsSlot = (context: LiveRenderSlotsContext, id: string) => context.holders.includes(id);

export const liveRenderSlotsMachine = setup({
  types: {
    context: {} as LiveRenderSlotsContext,
    events: {} as LiveRenderSlotsEvent,
  },
  guards: {
    isKnown: ({ context, event }) => context.holders.includes(event.id) || context.waiting.includes(event.id),
    fillsLastSlot: ({ context }) => context.holders.length + 1 >= context.capacity,
    staysFull: ({ context, event }) => afterRelease(context, event.id).holders.length >= context.capacity,
  },
  actions: {
    grant: assign({ holders: ({ context, event }) => [...context.holders, event.id] }),
    enqueue: assign({ waiting: ({ context, event }) => [...context.waiting, event.id] }),
    release: assign(({ context, event }) => afterRelease(context, event.id)),
  },
}).createMachine({
  id: 'liveRenderSlots',
  // Optional input { capacity } (tests use a smaller one); left untyped so the app can start it without input.
  context: ({ input }) => ({
    capacity: Math.max(1, (input as { capacity?: number } | undefined)?.capacity ?? LIVE_RENDER_LIMIT),
    holders: [],
    waiting: [],
  }),
  initial: 'open',
  states: {
    // Some slot is free: a request is granted at once.
    open: {
      on: {
        'slot.request': [
          { guard: 'isKnown' },
          { guard: 'fillsLastSlot', actions: 'grant', target: 'full' },
          { actions: 'grant' },
        ],
        'slot.release': { actions: 'release' },
      },
    },
    // Every slot is taken: a request waits in line.
    full: {
      on: {
        'slot.request': [{ guard: 'isKnown' }, { actions: 'enqueue' }],
        'slot.release': [
          { guard: 'staysFull', actions: 'release' },
          { actions: 'release', target: 'open' },
        ],
      },
    },
  },
});
