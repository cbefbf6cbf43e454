import { setup, stopChild, type AnyActorRef } from 'xstate';
import { configMachine } from '../config/configMachine';
import { accountLikesMachine } from '../likes/accountLikesMachine';
import { liveEventsMachine } from '../live/liveEventsMachine';
import { liveRenderSlotsMachine } from '../media/liveRenderSlotsMachine';
import { notificationsMachine } from '../notifications/notificationsMachine';
import { connectivityMachine } from '../offline/connectivityMachine';
import { pwaUpdateMachine } from '../pwa/pwaUpdateMachine';
import { settingsMachine } from '../settings/settingsMachine';
import { systemActor, type SystemActors, type SystemId } from '../system/systemRegistry';
import { walletModalMachine } from '../wallet/walletModalMachine';
import { walletSessionMachine } from '../wallet/walletSessionMachine';

// The long-lived actors this root runs, under the systemIds of the registry (machines/system/systemRegistry.ts).
export const APP_SYSTEM_IDS = ['config', 'settings', 'notifications', 'pwaUpdate', 'walletSession', 'liveEvents', 'walletModal', 'accountLikes', 'liveRenderSlots', 'connectivity'] as const satisfies readonly SystemId[];

/** One of the root's long-lived actors, which runs as long as the root does (systemActor where it may not run). */
export function getAppActor<TId extends SystemId>(actor: Pick<AnyActorRef, 'system'>, systemId: TId): SystemActors[TId] {
  const found = systemActor(actor.system, systemId);
  if (!found) throw new Error(`appMachine: no actor with systemId "${systemId}" is running`);
  return found;
}

/**
 * The root: runs the long-lived actors under their systemIds (config, settings, notifications, pwaUpdate,
 * walletSession, liveEvents — which also keeps the live token patches —, walletModal, accountLikes, liveRenderSlots, connectivity).
 * Children are invoked by actor key; src/services/appServices.ts provides the ones with effects through the root.
 * Page flows join this system with the root as their parent (src/app/flows.tsx) and reach these actors with
 * `systemActor`; the root stops a page flow when its component unmounts (`flow.stop`).
 *
 * The wallet session starts without a chain; src/app/createAppActor.ts sends it `wallet.configure` once the config
 * is ready, and forwards its notices to the notifications actor.
 */
/** Sent by src/app/flows.tsx when the component running a page flow unmounts. */
export type AppEvent = { type: 'flow.stop'; actor: AnyActorRef };

export const appMachine = setup({
  types: { events: {} as AppEvent },
  actors: {
    config: configMachine,
    settings: settingsMachine,
    notifications: notificationsMachine,
    pwaUpdate: pwaUpdateMachine,
    walletSession: walletSessionMachine,
    liveEvents: liveEventsMachine,
    walletModal: walletModalMachine,
    accountLikes: accountLikesMachine,
    liveRenderSlots: liveRenderSlotsMachine,
    connectivity: connectivityMachine,
  },
  guards: {
    isPageFlowError: ({ event }) => !(APP_SYSTEM_IDS as readonly string[]).includes(event.type.slice('xstate.error.actor.'.length)),
  },
}).createMachine({
  id: 'app',
  invoke: [
    { id: 'config', systemId: 'config', src: 'config' },
    { id: 'settings', systemId: 'settings', src: 'settings' },
    { id: 'notifications', systemId: 'notifications', src: 'notifications' },
    { id: 'pwaUpdate', systemId: 'pwaUpdate', src: 'pwaUpdate' },
    { id: 'walletSession', systemId: 'walletSession', src: 'walletSession', input: {} },
    // Live socket events (docs/requirements.md#live-events): connects after first load, patches tokens, refreshes lists.
    { id: 'liveEvents', systemId: 'liveEvents', src: 'liveEvents' },
    // Whether the wallet modal is open: anything may open it; it closes once the session is registered.
    { id: 'walletModal', systemId: 'walletModal', src: 'walletModal' },
    // The signed-in account's liked tokens, loaded once per login when a like toggle first asks.
    { id: 'accountLikes', systemId: 'accountLikes', src: 'accountLikes' },
    // Media viewers (docs/requirements.md#media): at most a few generative artworks render live at once across every card on the page.
    { id: 'liveRenderSlots', systemId: 'liveRenderSlots', src: 'liveRenderSlots' },
    // Whether the server can be reached and which answers on screen are stored copies (offline status, trade guard).
    { id: 'connectivity', systemId: 'connectivity', src: 'connectivity' },
  ],
  // Page flows run in this system with the root as their parent (src/app/flows.tsx): one failing must not stop the
  // app, so their error reports are heard and dropped here. The root's own children are not matched.
  on: {
    // (Error events are not in the typed event union; the descriptor matches every child's error report.)
    ...({ 'xstate.error.actor.*': { guard: 'isPageFlowError' } } as Record<never, never>),
    // A page flow's component unmounted: stop it (a child cannot be stopped from outside its parent).
    'flow.stop': { actions: stopChild(({ event }) => event.actor) },
  },
  initial: 'running',
  states: {
    running: {},
  },
});

export type AppMachine = typeof appMachine;
