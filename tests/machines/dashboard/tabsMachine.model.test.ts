import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  dashboardTabsMachine,
  shownTab,
  type DashboardTabsContext,
  type DashboardTabsEvent,
  type DashboardTabsSnapshot,
  type ShowTabInUrlParams,
} from '../../../machines/dashboard/dashboardTabsMachine';
import { tabAfterMove, type DashboardTab } from '../../../machines/dashboard/tabs';
import { checkedStates, createMachineTestModel, modelCoverageTests, modelPaths } from '../support/modelTesting';

// The role arrives after the start (null), then may change; the URL asks for creations or nothing; clicks and
// every key move. More variants (every tab from the URL, every click) make the graph too large to walk.
const modelEvents = (): DashboardTabsEvent[] => [
  { type: 'viewer.changed', isCreator: true },
  { type: 'viewer.changed', isCreator: false },
  { type: 'viewer.changed', isCreator: null },
  { type: 'tab.requested', tab: 'creations' },
  { type: 'tab.requested', tab: null },
  { type: 'tab.select', tab: 'creations' },
  { type: 'tab.select', tab: 'favorites' },
  { type: 'tab.move', move: 'next' },
  { type: 'tab.move', move: 'previous' },
  { type: 'tab.move', move: 'first' },
  { type: 'tab.move', move: 'last' },
];

const ctx = (state: AnyMachineSnapshot) => state.context as DashboardTabsContext;
type Of<T extends DashboardTabsEvent['type']> = Extract<DashboardTabsEvent, { type: T }>;
const eventOf = <T extends DashboardTabsEvent['type']>(event: EventObject) => event as Of<T>;
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });
const model = createMachineTestModel(dashboardTabsMachine, { events: modelEvents, project, input: {} });
const paths = modelPaths(model, {
  // Plus a creator walking every tab with the arrow key.
  filterEvents: (state, event) =>
    (event.type === 'tab.move' && eventOf<'tab.move'>(event).move === 'next') ||
    (event.type === 'viewer.changed' && eventOf<'viewer.changed'>(event).isCreator === true && ctx(state).isCreator === null),
  toState: (state) => state.matches('activity'),
});

function harness() {
  let actor: ReturnType<typeof start> | undefined;
  const urlCalls: ShowTabInUrlParams[] = [];
  function start() {
    const machine = dashboardTabsMachine.provide({ actions: { showTabInUrl: (_args, params) => urlCalls.push(params) } });
    return createActor(machine, { input: {} }).start();
  }
  const real = (): DashboardTabsSnapshot => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot();
  };
  const send = (step: { event: EventObject }) => actor?.send(step.event as DashboardTabsEvent);

  // URL or role changes never add a history entry; only a collector left on creations is corrected (replace).
  const sendFromOutside = (step: { event: EventObject }, collectorOnCreations: (before: DashboardTabsContext) => boolean) => {
    const before = ctx(real());
    const calls = urlCalls.length;
    send(step);
    if (collectorOnCreations(before)) {
      expect(urlCalls.slice(calls)).toEqual([{ tab: 'tokens', replace: true }]);
      expect(shownTab(real())).toBe('tokens');
    } else {
      expect(urlCalls.length).toBe(calls);
    }
  };

  // A pick (click or key) shows the tab and pushes it to the URL, unless it is the tab shown or not allowed.
  const pick = (step: { event: EventObject }, target: (from: DashboardTab, isCreator: boolean) => DashboardTab) => {
    const before = real();
    const from = shownTab(before);
    const calls = urlCalls.length;
    send(step);
    const expected = from === null ? null : target(from, ctx(before).isCreator === true);
    const allowed = from !== null && expected !== from && (expected !== 'creations' || ctx(before).isCreator === true);
    if (allowed) {
      expect(urlCalls.slice(calls)).toEqual([{ tab: expected, replace: false }]);
      expect(shownTab(real())).toBe(expected);
      expect(ctx(real()).requested).toBe(expected);
    } else {
      expect(urlCalls.length).toBe(calls);
      expect(real().value).toEqual(before.value);
    }
  };

  // Every shown tab: the role is known, creations only for creators, selecting it again is refused.
  const assertShown = (tab: DashboardTab) => (snap: AnyMachineSnapshot) => {
    const { isCreator, requested } = ctx(snap);
    expect(isCreator).not.toBeNull();
    expect(shownTab(snap as DashboardTabsSnapshot)).toBe(tab);
    expect(snap.can({ type: 'tab.select', tab })).toBe(false);
    expect(snap.can({ type: 'tab.select', tab: 'creations' })).toBe(isCreator === true && tab !== 'creations');
    expect(snap.can({ type: 'tab.select', tab: tab === 'sent' ? 'received' : 'sent' })).toBe(true);
    if (requested === null) expect(tab).toBe(isCreator ? 'creations' : 'tokens');
    else expect(requested).toBe(tab);
  };

  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = start();
        },
        'viewer.changed': (step: { event: EventObject }) =>
          sendFromOutside(step, (before) => before.requested === 'creations' && eventOf<'viewer.changed'>(step.event).isCreator === false),
        'tab.requested': (step: { event: EventObject }) =>
          sendFromOutside(step, (before) => before.isCreator === false && eventOf<'tab.requested'>(step.event).tab === 'creations'),
        'tab.select': (step: { event: EventObject }) => pick(step, () => eventOf<'tab.select'>(step.event).tab),
        'tab.move': (step: { event: EventObject }) =>
          pick(step, (from, isCreator) => tabAfterMove(from, eventOf<'tab.move'>(step.event).move, isCreator)),
      },
      states: checkedStates(real, project, {
        // No account yet: nothing shown, nothing to pick.
        choosing: (snap) => {
          expect(ctx(snap).isCreator).toBeNull();
          expect(shownTab(snap as DashboardTabsSnapshot)).toBeNull();
          expect(snap.can({ type: 'tab.select', tab: 'tokens' })).toBe(false);
          expect(snap.can({ type: 'tab.move', move: 'next' })).toBe(false);
        },
        creations: (snap) => {
          assertShown('creations')(snap);
          expect(ctx(snap).isCreator).toBe(true);
        },
        tokens: assertShown('tokens'),
        received: assertShown('received'),
        sent: assertShown('sent'),
        favorites: assertShown('favorites'),
        activity: assertShown('activity'),
      }),
    },
  };
}

describe('dashboardTabsMachine (model-based)', () => {
  modelCoverageTests(dashboardTabsMachine, paths, harness);

  it('the paths include the creations → tokens correction, both from the URL and from a role change', () => {
    const corrections = new Set<string>();
    for (const path of paths) {
      let replaced = 0;
      const machine = dashboardTabsMachine.provide({ actions: { showTabInUrl: (_args, params) => void (replaced += params.replace ? 1 : 0) } });
      const actor = createActor(machine, { input: {} }).start();
      for (const { event } of path.steps.slice(1)) {
        const before = replaced;
        actor.send(event as DashboardTabsEvent);
        if (replaced > before) corrections.add(event.type);
      }
      actor.stop();
    }
    expect([...corrections].sort()).toEqual(['tab.requested', 'viewer.changed']);
  });
});
