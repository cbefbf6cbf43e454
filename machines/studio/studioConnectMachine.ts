// See docs/requirements.md#studio-list: /studio/connect's flow. The page shows the connect-as-artist and apply cards; a
// creator has nothing to do there and goes on to the studio list (replacing this page, so Back skips it), also when
// they sign in on the page. The route sends a creator on before the page renders; this flow hears the wallet session
// (watchStudioAccess) for the sign-in that happens on the page. Where to go is the provided goToList
// (src/services/flows/studioConnect.ts).
import { setup, type ActorRefFrom } from 'xstate';
import { studioAccess, type StudioAccess } from '../wallet/sessionSelectors';
import { watchSession } from '../wallet/watchSession';

export type StudioAccessChangedEvent = { type: 'access.changed'; access: StudioAccess };

/** Reports who may open the studio: once at start and on every change of the wallet session (silent without one). */
export const watchStudioAccess = watchSession(studioAccess, (access) => ({ type: 'access.changed', access }) satisfies StudioAccessChangedEvent);

const isCreator = ({ event }: { event: StudioAccessChangedEvent }) => event.access === 'creator';

export const studioConnectMachine = setup({
  types: {
    events: {} as StudioAccessChangedEvent,
  },
  actors: { watchStudioAccess },
  guards: { isCreator },
  actions: {
    // Provided: navigateTo({ to: '/studio/list', replace: true }).
    goToList: () => undefined,
  },
}).createMachine({
  id: 'studioConnect',
  invoke: { src: 'watchStudioAccess' },
  initial: 'watching',
  states: {
    // A visitor or a signed-out viewer: the page's cards.
    watching: {
      on: { 'access.changed': { guard: 'isCreator', target: 'leaving', actions: 'goToList' } },
    },
    // A creator: on to the studio list; the page leaves (this flow stops with it). Signing out first stays here.
    leaving: {
      on: { 'access.changed': { guard: ({ event }) => event.access !== 'creator', target: 'watching' } },
    },
  },
});

export type StudioConnectActor = ActorRefFrom<typeof studioConnectMachine>;
