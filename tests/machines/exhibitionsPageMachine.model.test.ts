import { describe, expect } from 'vitest';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  createExhibitionsPageMachine,
  type ExhibitionsOverview,
  type ExhibitionsPageEvent,
  type ExhibitionsPageInput,
  type ExhibitionsTab,
} from '../../machines/exhibitions/exhibitionsPageMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests } from './support/modelTesting';

// The /exhibitions page machine: the current exhibition and the past ones load together; the tab opens from the
// URL, else the stored one, else 'current' (past only while past exhibitions exist); a chosen tab is stored and
// written to the URL with replace, a tab the URL changes to is followed and stored. Each input starts its own graph.

interface Exhibition {
  id: string;
  title: string;
}

const CURRENT: Exhibition = { id: '1', title: 'Systems of Light' };
const PAST: Exhibition[] = [
  { id: '2', title: 'Quiet Machines' },
  { id: '3', title: 'Paper Weather' },
];
const WITH_PAST: ExhibitionsOverview<Exhibition> = { current: CURRENT, past: PAST };
const NONE_AT_ALL: ExhibitionsOverview<Exhibition> = { current: null, past: [] };

const machine = createExhibitionsPageMachine<Exhibition>();
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

const events = (): EventObject[] => [
  { type: 'xstate.done.actor.loadExhibitions', output: WITH_PAST } as EventObject,
  { type: 'xstate.done.actor.loadExhibitions', output: NONE_AT_ALL } as EventObject,
  { type: 'xstate.error.actor.loadExhibitions', error: new Error('Request failed with status 500') } as EventObject,
  ...(['current', 'artworks', 'past'] as const).flatMap((tab) => [
    { type: 'tab.select', tab },
    { type: 'tab.url', tab },
  ]),
];

function harness(input: ExhibitionsPageInput) {
  return () => {
    const load = controlled<ExhibitionsOverview<Exhibition>>();
    const stored: ExhibitionsTab[] = [];
    const shown: ExhibitionsTab[] = [];
    let actor: ReturnType<typeof createActor<typeof machine>> | undefined;
    const real = () => {
      if (!actor) throw new Error('actor not started');
      return actor.getSnapshot() as AnyMachineSnapshot;
    };
    const settle = async (step: { event: EventObject }, fail: boolean) => {
      const before = { stored: stored.length, shown: shown.length };
      if (fail) load.last().reject((step.event as unknown as { error: Error }).error);
      else load.last().resolve((step.event as unknown as { output: ExhibitionsOverview<Exhibition> }).output);
      await flush();
      if (fail) {
        expect(stored).toHaveLength(before.stored);
        return;
      }
      const tab = real().context.tab as ExhibitionsTab;
      // The tab shown is stored; the URL is written (replace) only when its tab was missing or not available.
      expect(stored.slice(before.stored)).toEqual([tab]);
      expect(shown.slice(before.shown)).toEqual(input.urlTab === tab ? [] : [tab]);
    };
    const tabEvent = (writesUrl: boolean) => (step: { event: EventObject }) => {
      const event = step.event as Extract<ExhibitionsPageEvent, { type: 'tab.select' | 'tab.url' }>;
      const before = { tab: real().context.tab, stored: stored.length, shown: shown.length };
      const allowed = real().can(event);
      actor!.send(event);
      if (!allowed) {
        // The tab shown already, or past without past exhibitions: nothing changes.
        expect(real().context.tab).toBe(before.tab);
        expect(stored).toHaveLength(before.stored);
        expect(shown).toHaveLength(before.shown);
        return;
      }
      expect(real().context.tab).toBe(event.tab);
      expect(stored.slice(before.stored)).toEqual([event.tab]);
      expect(shown.slice(before.shown)).toEqual(writesUrl ? [event.tab] : []);
    };
    return {
      stop: () => actor?.stop(),
      params: {
        events: {
          'xstate.init': () => {
            actor = createActor(
              machine.provide({
                actors: { loadExhibitions: load.logic },
                actions: {
                  storeTab: (_, { tab }) => void stored.push(tab),
                  showTab: (_, { tab }) => void shown.push(tab),
                },
              }),
              { input },
            ).start();
          },
          'xstate.done.actor.loadExhibitions': (step: { event: EventObject }) => settle(step, false),
          'xstate.error.actor.loadExhibitions': (step: { event: EventObject }) => settle(step, true),
          'tab.select': tabEvent(true),
          'tab.url': tabEvent(false),
          'exhibitions.retry': (step: { event: EventObject }) => {
            const calls = load.calls.length;
            actor!.send(step.event as ExhibitionsPageEvent);
            expect(load.calls).toHaveLength(calls + 1);
          },
        },
        states: checkedStates(real, project, {
          loading: (snap) => {
            expect(snap.hasTag('loading')).toBe(true);
            expect(load.last().signal.aborted).toBe(false);
            expect(snap.can({ type: 'tab.select', tab: 'artworks' })).toBe(false);
          },
          ready: (snap) => {
            expect(snap.hasTag('loading')).toBe(false);
            expect(snap.context.error).toBeNull();
            expect(snap.can({ type: 'tab.select', tab: 'past' })).toBe(snap.context.tab !== 'past' && snap.context.past.length > 0);
          },
          'ready.current': (snap) => {
            expect(snap.context.tab).toBe('current');
            expect([CURRENT, null]).toContain(snap.context.current);
          },
          'ready.artworks': (snap) => {
            expect(snap.context.tab).toBe('artworks');
          },
          'ready.past': (snap) => {
            expect(snap.context.tab).toBe('past');
            expect(snap.context.past).toEqual(PAST);
          },
          failed: (snap) => {
            expect(snap.context.error).toBe('Request failed with status 500');
            expect(snap.can({ type: 'exhibitions.retry' })).toBe(true);
            expect(snap.can({ type: 'tab.select', tab: 'current' })).toBe(false);
          },
        }),
      },
    };
  };
}

const inputs: Array<[string, ExhibitionsPageInput]> = [
  ['no tab in the URL, none stored', {}],
  ['the URL asks for past', { urlTab: 'past' }],
  ['the URL asks for artworks, past stored', { urlTab: 'artworks', storedTab: 'past' }],
  ['nothing in the URL, artworks stored', { storedTab: 'artworks' }],
  ['garbage in the URL and in storage', { urlTab: 'all', storedTab: 7 }],
];

describe.each(inputs)('exhibitionsPageMachine (model-based), %s', (_title, input) => {
  const model = createMachineTestModel(machine, { project, events, input });
  modelCoverageTests(machine, model.getShortestPaths(), harness(input));
});
