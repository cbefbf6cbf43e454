// The exhibition viewer (docs/requirements.md#exhibitions "Current viewer", the editorial pages): a horizontal slider over n + 2 positions — 0 the
// intro banner, 1..n the artwork cards in exhibition order, n + 1 the curatorial statement page.
//   intro ⇄ card ⇄ statement, by viewer.next / viewer.prev (the arrows), viewer.goTo (the thumbnail rail, Intro,
//   Note, 'full statement'), viewer.key (arrow keys, Home, End while the viewer has focus) and viewer.swipe (the
//   horizontal distance of a pointer swipe).
// The position is kept per exhibition: the flow reads the stored one into the input and persistPosition (provided
// by the flow) writes every move; this machine touches no storage.
import { assign, setup } from 'xstate';

/** A pointer swipe shorter than this (CSS pixels) is a tap, not a move. */
export const SWIPE_MIN_DISTANCE = 48;

export interface ExhibitionViewerInput {
  exhibitionId: string;
  /** How many artwork cards the viewer shows. */
  count: number;
  /** The position stored for this exhibition, as the flow read it (anything but an integer: the intro). */
  storedPosition?: unknown;
}

export interface ExhibitionViewerContext {
  exhibitionId: string;
  count: number;
  /** 0 intro, 1..count the cards, count + 1 the statement. */
  position: number;
}

export type ExhibitionViewerEvent =
  | { type: 'viewer.next' }
  | { type: 'viewer.prev' }
  | { type: 'viewer.goTo'; position: number }
  | { type: 'viewer.key'; key: string }
  | { type: 'viewer.swipe'; dx: number };

const lastPosition = (context: Pick<ExhibitionViewerContext, 'count'>) => context.count + 1;

/** A stored position back in range: not an integer → the intro; beyond the end (fewer artworks now) → the statement. */
export function restoredPosition(stored: unknown, count: number): number {
  if (typeof stored !== 'number' || !Number.isInteger(stored) || stored < 0) return 0;
  return Math.min(stored, count + 1);
}

/** Where an event moves the viewer, or null when it does not move it. */
export function targetPosition(context: ExhibitionViewerContext, event: ExhibitionViewerEvent): number | null {
  const last = lastPosition(context);
  const step = (delta: number) => {
    const next = context.position + delta;
    return next < 0 || next > last ? null : next;
  };
  switch (event.type) {
    case 'viewer.next':
      return step(1);
    case 'viewer.prev':
      return step(-1);
    case 'viewer.goTo':
      return Number.isInteger(event.position) && event.position >= 0 && event.position <= last && event.position !== context.position
        ? event.position
        : null;
    case 'viewer.key':
      if (event.key === 'ArrowRight') return step(1);
      if (event.key === 'ArrowLeft') return step(-1);
      if (event.key === 'Home') return context.position === 0 ? null : 0;
      if (event.key === 'End') return context.position === last ? null : last;
      return null;
    case 'viewer.swipe':
      if (event.dx <= -SWIPE_MIN_DISTANCE) return step(1);
      if (event.dx >= SWIPE_MIN_DISTANCE) return step(-1);
      return null;
  }
}

type Place = 'intro' | 'card' | 'statement';

const placeOf = (position: number, count: number): Place => (position === 0 ? 'intro' : position === count + 1 ? 'statement' : 'card');

export const exhibitionViewerMachine = setup({
  types: {
    input: {} as ExhibitionViewerInput,
    context: {} as ExhibitionViewerContext,
    events: {} as ExhibitionViewerEvent,
  },
  actions: {
    move: assign({ position: ({ context, event }) => targetPosition(context, event) ?? context.position }),
    // Stores the position for this exhibition (provided by the flow), so leaving and coming back or a reload opens it.
    persistPosition: (_, _params: { exhibitionId: string; position: number }) => {},
  },
  guards: {
    startsAtIntro: ({ context }) => placeOf(context.position, context.count) === 'intro',
    startsAtStatement: ({ context }) => placeOf(context.position, context.count) === 'statement',
    movesToIntro: ({ context, event }) => {
      const to = targetPosition(context, event);
      return to !== null && placeOf(to, context.count) === 'intro';
    },
    movesToCard: ({ context, event }) => {
      const to = targetPosition(context, event);
      return to !== null && placeOf(to, context.count) === 'card';
    },
    movesToStatement: ({ context, event }) => {
      const to = targetPosition(context, event);
      return to !== null && placeOf(to, context.count) === 'statement';
    },
  },
}).createMachine(
  (() => {
    const actions = [
      'move',
      {
        type: 'persistPosition',
        params: ({ context }: { context: ExhibitionViewerContext }) => ({ exhibitionId: context.exhibitionId, position: context.position }),
      },
    ] as const;
    const moves = [
      { guard: 'movesToIntro', target: '.intro', actions },
      { guard: 'movesToCard', target: '.card', actions },
      { guard: 'movesToStatement', target: '.statement', actions },
    ] as const;
    return {
      id: 'exhibitionViewer',
      context: ({ input }: { input: ExhibitionViewerInput }) => {
        const count = Math.max(0, Math.floor(input.count));
        return { exhibitionId: input.exhibitionId, count, position: restoredPosition(input.storedPosition, count) };
      },
      initial: 'starting',
      on: {
        'viewer.next': [...moves],
        'viewer.prev': [...moves],
        'viewer.goTo': [...moves],
        'viewer.key': [...moves],
        'viewer.swipe': [...moves],
      },
      states: {
        // Opens where the visitor left this exhibition.
        starting: {
          always: [{ guard: 'startsAtIntro', target: 'intro' }, { guard: 'startsAtStatement', target: 'statement' }, { target: 'card' }],
        },
        intro: {},
        card: {},
        statement: {},
      },
    };
  })(),
);

export type ExhibitionViewerMachine = typeof exhibitionViewerMachine;
