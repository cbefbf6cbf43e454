// The home page's carousel (the editorial pages; docs/requirements.md#home "Carousel: 4 slides, auto-advance 5000 ms"): it shows one
// slide at a time and moves to the next every CAROUSEL_ADVANCE_MS while it plays. It holds still while the pointer
// is over it, while focus is inside it and under prefers-reduced-motion, and resumes when none of these holds any
// longer — unless the visitor paused it with the pause button, which only the play button undoes. It can be
// collapsed (no slide shown, nothing advances) and expanded again.
//   expanded.playing ⇄ expanded.held (hovered, focused or reduced motion) ; expanded.paused (the button)
//   expanded ⇄ collapsed (the collapse button)
// Previous, next and a dot (goTo) show a slide at once and start the wait for the next advance again.
// The motion preference is followed by the invoked `watchReducedMotion` worker (the browser's media query, provided in
// src/services/flows/home.ts), which sends carousel.reducedMotion with the current value and on every change.
import { assign, fromCallback, setup } from 'xstate';

/** See docs/requirements.md#home: the carousel advances every 5000 ms. */
export const CAROUSEL_ADVANCE_MS = 5000;

export interface CarouselInput {
  /** How many slides there are (the home shows 4). */
  count: number;
  /** Whether the visitor asked for reduced motion when the carousel started. */
  reducedMotion?: boolean;
}

export interface CarouselContext {
  count: number;
  /** The slide shown, 0-based. */
  index: number;
  /** Paused with the pause button: hover, focus and reduced motion ending do not resume it. */
  pausedByUser: boolean;
  hovered: boolean;
  focused: boolean;
  reducedMotion: boolean;
}

export type CarouselEvent =
  | { type: 'carousel.next' }
  | { type: 'carousel.previous' }
  | { type: 'carousel.goTo'; index: number }
  | { type: 'carousel.togglePlay' }
  | { type: 'carousel.toggleCollapse' }
  | { type: 'carousel.pointerEnter' }
  | { type: 'carousel.pointerLeave' }
  | { type: 'carousel.focusIn' }
  | { type: 'carousel.focusOut' }
  | { type: 'carousel.reducedMotion'; reduce: boolean };

const wrap = (index: number, count: number) => (count > 0 ? ((index % count) + count) % count : 0);
const isHeld = (context: CarouselContext) => context.hovered || context.focused || context.reducedMotion;

export const carouselMachine = setup({
  types: {
    context: {} as CarouselContext,
    events: {} as CarouselEvent,
    input: {} as CarouselInput,
    tags: {} as 'playing',
  },
  delays: {
    advance: CAROUSEL_ADVANCE_MS,
  },
  actors: {
    watchReducedMotion: fromCallback<CarouselEvent>(() => {
      throw new Error('carousel: actor "watchReducedMotion" not provided');
    }),
  },
  guards: {
    pausedByUser: ({ context }) => context.pausedByUser,
    held: ({ context }) => isHeld(context),
    free: ({ context }) => !isHeld(context) && !context.pausedByUser,
    validIndex: ({ context, event }) =>
      event.type === 'carousel.goTo' && Number.isInteger(event.index) && event.index >= 0 && event.index < context.count,
  },
  actions: {
    showNext: assign({ index: ({ context }) => wrap(context.index + 1, context.count) }),
    showPrevious: assign({ index: ({ context }) => wrap(context.index - 1, context.count) }),
    showChosen: assign({ index: ({ context, event }) => (event.type === 'carousel.goTo' ? event.index : context.index) }),
  },
}).createMachine({
  id: 'carousel',
  context: ({ input }) => ({
    count: Math.max(0, Math.floor(input.count)),
    index: 0,
    pausedByUser: false,
    hovered: false,
    focused: false,
    reducedMotion: input.reducedMotion ?? false,
  }),
  invoke: { id: 'reducedMotion', src: 'watchReducedMotion' },
  // Hover, focus and the motion preference are followed in every state, so expanding again knows them.
  on: {
    'carousel.pointerEnter': { actions: assign({ hovered: true }) },
    'carousel.pointerLeave': { actions: assign({ hovered: false }) },
    'carousel.focusIn': { actions: assign({ focused: true }) },
    'carousel.focusOut': { actions: assign({ focused: false }) },
    'carousel.reducedMotion': { actions: assign({ reducedMotion: ({ event }) => event.reduce }) },
  },
  initial: 'expanded',
  states: {
    expanded: {
      initial: 'playing',
      on: {
        // Entering 'playing' again starts the wait for the next advance again; it then settles like any entry.
        'carousel.next': { target: '.playing', actions: 'showNext' },
        'carousel.previous': { target: '.playing', actions: 'showPrevious' },
        'carousel.goTo': { guard: 'validIndex', target: '.playing', actions: 'showChosen' },
        'carousel.toggleCollapse': 'collapsed',
      },
      states: {
        playing: {
          tags: 'playing',
          always: [
            { guard: 'pausedByUser', target: 'paused' },
            { guard: 'held', target: 'held' },
          ],
          after: {
            advance: { target: 'playing', reenter: true, actions: 'showNext' },
          },
          on: {
            'carousel.togglePlay': { target: 'paused', actions: assign({ pausedByUser: true }) },
          },
        },
        held: {
          always: { guard: 'free', target: 'playing' },
          on: {
            'carousel.togglePlay': { target: 'paused', actions: assign({ pausedByUser: true }) },
          },
        },
        paused: {
          on: {
            'carousel.togglePlay': { target: 'playing', actions: assign({ pausedByUser: false }) },
          },
        },
      },
    },
    collapsed: {
      on: {
        'carousel.toggleCollapse': 'expanded',
      },
    },
  },
});

export type CarouselMachine = typeof carouselMachine;
