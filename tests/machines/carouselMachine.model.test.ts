import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type Actor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { CAROUSEL_ADVANCE_MS, carouselMachine as unprovided, type CarouselContext, type CarouselEvent } from '../../machines/home/carouselMachine';

// The motion-preference worker as the browser's would be, with the preference in the test's hands: `motion.set` plays
// the media query changing (and at start it reports the preference, as the real one does).
const motion = { reduce: false, listeners: new Set<(reduce: boolean) => void>(), set(reduce: boolean) { this.reduce = reduce; this.listeners.forEach((listener) => listener(reduce)); } };
const carouselMachine = unprovided.provide({
  actors: {
    watchReducedMotion: fromCallback<CarouselEvent>(({ sendBack }) => {
      const listener = (reduce: boolean) => sendBack({ type: 'carousel.reducedMotion', reduce });
      listener(motion.reduce);
      motion.listeners.add(listener);
      return () => motion.listeners.delete(listener);
    }),
  },
});
import { checkedStates, createMachineTestModel, modelCoverageTests, modelPaths } from './support/modelTesting';

const ADVANCE = 'xstate.after.advance.carousel.expanded.playing';
// Three slides keep the graph small and still show wrapping both ways (the home has four).
const COUNT = 3;

const project = (state: AnyMachineSnapshot) => {
  const { index, pausedByUser, hovered, focused, reducedMotion } = state.context as CarouselContext;
  return { value: state.value, index, pausedByUser, hovered, focused, reducedMotion };
};

const carouselEvents: CarouselEvent[] = [
  { type: 'carousel.goTo', index: 0 },
  { type: 'carousel.goTo', index: 2 },
  // Out of range: refused, nothing changes.
  { type: 'carousel.goTo', index: COUNT },
  { type: 'carousel.reducedMotion', reduce: true },
  { type: 'carousel.reducedMotion', reduce: false },
];
const events = (): EventObject[] => carouselEvents;

const model = createMachineTestModel(carouselMachine, { project, events, input: { count: COUNT } });
// Shortest paths reach every (state, slide, flags) combination — 162 for three slides — but reach slides by next and
// previous only. Simple paths over the timer and the dots alone add every order of advancing and choosing a slide.
// (Simple paths over all events are left out: with four independent flags their number explodes; the orders of
// hover, focus and the preference that matter are the scenarios at the end.)
const paths = modelPaths(model, {
  toState: (state) => state.matches({ expanded: 'playing' }) && state.context.index === 2,
  filterEvents: (_state, event) => event.type === ADVANCE || event.type === 'carousel.goTo',
});

function harness() {
  let actor: Actor<typeof carouselMachine> | undefined;
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot();
  };
  const send = (step: { event: EventObject }) => {
    const before = real().context.index;
    const event = step.event as CarouselEvent;
    const accepted = real().can(event);
    actor!.send(event);
    const after = real().context.index;
    if (event.type === 'carousel.next' && accepted) expect(after).toBe((before + 1) % COUNT);
    if (event.type === 'carousel.previous' && accepted) expect(after).toBe((before + COUNT - 1) % COUNT);
    if (event.type === 'carousel.goTo') expect(after).toBe(accepted ? event.index : before);
  };
  /** In a state that does not play, time passes without moving the slide. */
  const stillAfterAWhile = () => {
    const { index } = real().context;
    vi.advanceTimersByTime(CAROUSEL_ADVANCE_MS * 3);
    expect(real().context.index).toBe(index);
  };
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = createActor(carouselMachine, { input: { count: COUNT } }).start();
        },
        'carousel.next': send,
        'carousel.previous': send,
        'carousel.goTo': send,
        'carousel.togglePlay': send,
        'carousel.toggleCollapse': send,
        'carousel.pointerEnter': send,
        'carousel.pointerLeave': send,
        'carousel.focusIn': send,
        'carousel.focusOut': send,
        'carousel.reducedMotion': send,
        [ADVANCE]: () => {
          const { index } = real().context;
          // Not a moment before 5000 ms: the slide stays until the full wait has passed.
          vi.advanceTimersByTime(CAROUSEL_ADVANCE_MS - 1);
          expect(real().context.index).toBe(index);
          vi.advanceTimersByTime(1);
          expect(real().context.index).toBe((index + 1) % COUNT);
        },
      },
      states: checkedStates(real, project, {
        expanded: (snap) => {
          expect(snap.context.index).toBeGreaterThanOrEqual(0);
          expect(snap.context.index).toBeLessThan(COUNT);
          expect(snap.can({ type: 'carousel.next' })).toBe(true);
          expect(snap.can({ type: 'carousel.previous' })).toBe(true);
        },
        'expanded.playing': (snap) => {
          expect(snap.hasTag('playing')).toBe(true);
          expect(snap.context).toMatchObject({ pausedByUser: false, hovered: false, focused: false, reducedMotion: false });
        },
        'expanded.held': (snap) => {
          expect(snap.hasTag('playing')).toBe(false);
          expect(snap.context.pausedByUser).toBe(false);
          expect(snap.context.hovered || snap.context.focused || snap.context.reducedMotion).toBe(true);
          stillAfterAWhile();
        },
        'expanded.paused': (snap) => {
          expect(snap.hasTag('playing')).toBe(false);
          expect(snap.context.pausedByUser).toBe(true);
          stillAfterAWhile();
        },
        collapsed: (snap) => {
          expect(snap.hasTag('playing')).toBe(false);
          expect(snap.can({ type: 'carousel.next' })).toBe(false);
          expect(snap.can({ type: 'carousel.goTo', index: 1 })).toBe(false);
          expect(snap.can({ type: 'carousel.togglePlay' })).toBe(false);
          stillAfterAWhile();
        },
      }),
    },
  };
}

describe('carouselMachine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  modelCoverageTests(carouselMachine, paths, harness);

  it('starts held when the visitor prefers reduced motion (the worker reports it at start), and plays once the preference is gone', () => {
    motion.reduce = true;
    const actor = createActor(carouselMachine, { input: { count: 4 } }).start();
    expect(actor.getSnapshot().value).toEqual({ expanded: 'held' });
    vi.advanceTimersByTime(CAROUSEL_ADVANCE_MS * 2);
    expect(actor.getSnapshot().context.index).toBe(0);
    motion.set(false);
    expect(actor.getSnapshot().value).toEqual({ expanded: 'playing' });
    vi.advanceTimersByTime(CAROUSEL_ADVANCE_MS);
    expect(actor.getSnapshot().context.index).toBe(1);
    motion.set(true);
    expect(actor.getSnapshot().value).toEqual({ expanded: 'held' });
    actor.stop();
    expect(motion.listeners.size).toBe(0);
    motion.reduce = false;
  });

  it('the motion preference given as input holds it before the worker reports', () => {
    const actor = createActor(unprovided.provide({ actors: { watchReducedMotion: fromCallback(() => undefined) } }), { input: { count: 4, reducedMotion: true } }).start();
    expect(actor.getSnapshot().value).toEqual({ expanded: 'held' });
    actor.stop();
  });

  it('a slide chosen by hand waits the full 5000 ms again before the next advance', () => {
    const actor = createActor(carouselMachine, { input: { count: 4 } }).start();
    vi.advanceTimersByTime(CAROUSEL_ADVANCE_MS - 100);
    actor.send({ type: 'carousel.goTo', index: 3 });
    vi.advanceTimersByTime(CAROUSEL_ADVANCE_MS - 1);
    expect(actor.getSnapshot().context.index).toBe(3);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.index).toBe(0);
    actor.stop();
  });

  it('hover and focus hold it until both have left; paused by the button it stays paused after they leave', () => {
    const actor = createActor(carouselMachine, { input: { count: 4 } }).start();
    actor.send({ type: 'carousel.pointerEnter' });
    actor.send({ type: 'carousel.focusIn' });
    actor.send({ type: 'carousel.pointerLeave' });
    expect(actor.getSnapshot().value).toEqual({ expanded: 'held' });
    actor.send({ type: 'carousel.focusOut' });
    expect(actor.getSnapshot().value).toEqual({ expanded: 'playing' });
    actor.send({ type: 'carousel.pointerEnter' });
    actor.send({ type: 'carousel.togglePlay' });
    actor.send({ type: 'carousel.pointerLeave' });
    expect(actor.getSnapshot().value).toEqual({ expanded: 'paused' });
    vi.advanceTimersByTime(CAROUSEL_ADVANCE_MS * 2);
    expect(actor.getSnapshot().context.index).toBe(0);
    actor.send({ type: 'carousel.togglePlay' });
    expect(actor.getSnapshot().value).toEqual({ expanded: 'playing' });
    actor.stop();
  });
});
