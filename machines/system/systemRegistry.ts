// The app's long-lived actors by systemId, and the one typed way to reach them. The root (machines/app/appMachine.ts)
// invokes each under its systemId; page flows, their actors and the services provided to them run in the same
// actor system and read `systemActor(system, 'walletSession')` instead of `system.get('walletSession') as …`.
// Outside the app's system (a model test, a flow started alone) nothing is registered: the answer is undefined.
//
// The machines are imported as types only: the compiler erases these imports, so the machines that read the
// registry do not load each other (tests/machines/importCycles.test.ts counts only the imports that load).
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { configMachine } from '../config/configMachine';
import type { accountLikesMachine } from '../likes/accountLikesMachine';
import type { liveEventsMachine } from '../live/liveEventsMachine';
import type { liveRenderSlotsMachine } from '../media/liveRenderSlotsMachine';
import type { notificationsMachine } from '../notifications/notificationsMachine';
import type { connectivityMachine } from '../offline/connectivityMachine';
import type { pwaUpdateMachine } from '../pwa/pwaUpdateMachine';
import type { settingsMachine } from '../settings/settingsMachine';
import type { walletModalMachine } from '../wallet/walletModalMachine';
import type { walletSessionMachine } from '../wallet/walletSessionMachine';

/** Each long-lived actor's type under its systemId. */
export interface SystemActors {
  config: ActorRefFrom<typeof configMachine>;
  settings: ActorRefFrom<typeof settingsMachine>;
  notifications: ActorRefFrom<typeof notificationsMachine>;
  pwaUpdate: ActorRefFrom<typeof pwaUpdateMachine>;
  walletSession: ActorRefFrom<typeof walletSessionMachine>;
  liveEvents: ActorRefFrom<typeof liveEventsMachine>;
  walletModal: ActorRefFrom<typeof walletModalMachine>;
  accountLikes: ActorRefFrom<typeof accountLikesMachine>;
  liveRenderSlots: ActorRefFrom<typeof liveRenderSlotsMachine>;
  connectivity: ActorRefFrom<typeof connectivityMachine>;
}

export type SystemId = keyof SystemActors;

/** An actor system as actions and actors receive it (`system`), or an actor's (`actor.system`). */
export interface SystemLike {
  get(systemId: string): AnyActorRef | undefined;
}

/** The long-lived actor registered under `systemId`; undefined where none runs (model tests). */
export function systemActor<TId extends SystemId>(system: SystemLike, systemId: TId): SystemActors[TId] | undefined {
  return system.get(systemId) as SystemActors[TId] | undefined;
}
