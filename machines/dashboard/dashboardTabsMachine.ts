import { assign, fromCallback, setup, type EventObject, type SnapshotFrom } from 'xstate';
import { DASHBOARD_TABS, tabAfterMove, type DashboardTab, type TabMove } from './tabs';
import { systemActor } from '../system/systemRegistry';
import { isCreatorOf, type SessionSnapshotLike } from '../wallet/sessionSelectors';

// See docs/requirements.md#dashboard: which tab shows, from the tab the URL asks for and whether the viewer is a creator.

export interface DashboardTabsInput {
  /** The URL's `tab` (null: none, the viewer's default applies). */
  requested?: DashboardTab | null;
  /** The signed-in account's isCreator; null while the session has no account. */
  isCreator?: boolean | null;
}

export interface DashboardTabsContext {
  requested: DashboardTab | null;
  isCreator: boolean | null;
}

export type DashboardTabsEvent =
  /** The URL's tab changed (a link, back or forward). */
  | { type: 'tab.requested'; tab: DashboardTab | null }
  /** The viewer picked a tab. */
  | { type: 'tab.select'; tab: DashboardTab }
  /** Arrow keys, Home or End in the tablist. */
  | { type: 'tab.move'; move: TabMove }
  /** The session's account changed (signed in, became a creator, signed out). */
  | { type: 'viewer.changed'; isCreator: boolean | null };

export interface ShowTabInUrlParams {
  tab: DashboardTab;
  /** A correction of the URL (collector sent to creations) replaces the history entry instead of adding one. */
  replace: boolean;
}

/**
 * Invoked: the wallet session's account role through the actor system, `viewer.changed` at start and on every change
 * (signed in, became a creator, signed out). Silent without a session (model tests send viewer.changed).
 */
export const watchCreator = fromCallback<EventObject, void>(({ system, sendBack }) => {
  const session = systemActor(system, 'walletSession');
  if (!session) return undefined;
  let last: boolean | null | undefined;
  const report = (snapshot: SessionSnapshotLike) => {
    const isCreator = isCreatorOf(snapshot);
    if (isCreator === last) return;
    last = isCreator;
    sendBack({ type: 'viewer.changed', isCreator } satisfies DashboardTabsEvent);
  };
  report(session.getSnapshot());
  const subscription = session.subscribe((snapshot) => report(snapshot));
  return () => subscription.unsubscribe();
});

const TAB = (tab: DashboardTab) => `#dashboardTabs.${tab}` as const;

// Tab states: selecting another tab or moving with the keyboard puts it in the URL and shows it.
function tabState(tab: DashboardTab) {
  return {
    on: {
      'tab.select': {
        guard: { type: 'canSelect', params: { from: tab } },
        target: '#dashboardTabs.choosing',
        actions: [
          { type: 'assignRequested', params: ({ event }: { event: DashboardTabsEvent }) => ({ tab: (event as { tab: DashboardTab }).tab }) },
          { type: 'showTabInUrl', params: ({ event }: { event: DashboardTabsEvent }) => ({ tab: (event as { tab: DashboardTab }).tab, replace: false }) },
        ],
      },
      'tab.move': {
        guard: { type: 'movesAway', params: { from: tab } },
        target: '#dashboardTabs.choosing',
        actions: [
          { type: 'assignRequested', params: ({ context, event }: { context: DashboardTabsContext; event: DashboardTabsEvent }) => ({ tab: moved(tab, event, context) }) },
          { type: 'showTabInUrl', params: ({ context, event }: { context: DashboardTabsContext; event: DashboardTabsEvent }) => ({ tab: moved(tab, event, context), replace: false }) },
        ],
      },
    },
  } as const;
}

const moved = (from: DashboardTab, event: DashboardTabsEvent, context: DashboardTabsContext) =>
  tabAfterMove(from, (event as { move: TabMove }).move, context.isCreator === true);

export const dashboardTabsMachine = setup({
  types: {
    input: {} as DashboardTabsInput,
    context: {} as DashboardTabsContext,
    events: {} as DashboardTabsEvent,
  },
  actors: {
    watchCreator,
    // Provided by the flow module: sends `tab.requested` when the URL's tab changes (Back, Forward, a link).
    routeSearch: fromCallback<EventObject, unknown>(() => undefined),
  },
  actions: {
    // Provided by the flow module (router navigation); a provided action, not an emitted event, so the correction
    // made while the actor starts reaches the URL too.
    showTabInUrl: (_args, _params: ShowTabInUrlParams) => {},
    assignRequested: assign((_args, params: { tab: DashboardTab | null }) => ({ requested: params.tab })),
    assignRequestedFromUrl: assign(({ event }) => ({ requested: (event as Extract<DashboardTabsEvent, { type: 'tab.requested' }>).tab })),
    assignViewer: assign(({ event }) => ({ isCreator: (event as Extract<DashboardTabsEvent, { type: 'viewer.changed' }>).isCreator })),
  },
  guards: {
    collectorAskedForCreations: ({ context }) => context.isCreator === false && context.requested === 'creations',
    isRequested: ({ context }, params: { tab: DashboardTab }) => context.isCreator !== null && context.requested === params.tab,
    creatorByDefault: ({ context }) => context.isCreator === true && context.requested === null,
    collectorByDefault: ({ context }) => context.isCreator === false && context.requested === null,
    canSelect: ({ context, event }, params: { from: DashboardTab }) => {
      const tab = (event as { tab: DashboardTab }).tab;
      return tab !== params.from && (tab !== 'creations' || context.isCreator === true);
    },
    movesAway: ({ context, event }, params: { from: DashboardTab }) => moved(params.from, event, context) !== params.from,
  },
}).createMachine({
  id: 'dashboardTabs',
  context: ({ input }) => ({ requested: input.requested ?? null, isCreator: input.isCreator ?? null }),
  invoke: [{ src: 'watchCreator' }, { id: 'url', src: 'routeSearch' }],
  initial: 'choosing',
  on: {
    'tab.requested': { target: '.choosing', actions: 'assignRequestedFromUrl' },
    'viewer.changed': { target: '.choosing', actions: 'assignViewer' },
  },
  states: {
    // Picks the tab as soon as the viewer's role is known; waits here while it is not.
    choosing: {
      always: [
        {
          guard: 'collectorAskedForCreations',
          target: TAB('tokens'),
          actions: [
            { type: 'assignRequested', params: { tab: 'tokens' } },
            { type: 'showTabInUrl', params: { tab: 'tokens', replace: true } },
          ],
        },
        ...DASHBOARD_TABS.map((tab) => ({ guard: { type: 'isRequested' as const, params: { tab } }, target: TAB(tab) })),
        { guard: 'creatorByDefault', target: TAB('creations') },
        { guard: 'collectorByDefault', target: TAB('tokens') },
      ],
    },
    creations: tabState('creations'),
    tokens: tabState('tokens'),
    received: tabState('received'),
    sent: tabState('sent'),
    favorites: tabState('favorites'),
    activity: tabState('activity'),
  },
});

export type DashboardTabsSnapshot = SnapshotFrom<typeof dashboardTabsMachine>;

/** The tab shown, or null while choosing. */
export const shownTab = (snapshot: DashboardTabsSnapshot): DashboardTab | null =>
  DASHBOARD_TABS.find((tab) => snapshot.matches(tab)) ?? null;
