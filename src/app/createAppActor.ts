import { createActor } from 'xstate';
import { getAppActor } from '../../machines/app/appMachine';
import { provideAppServices, type AppServiceOverrides } from '../services/appServices';
import { bindConnectivityToConfig, bindConnectivityToLikes, bindConnectivityToLive } from '../services/offline/connectivity';
import { bindWalletSession } from '../services/wallet/bindWalletSession';
import type { AppActor } from './appActorContext';
import { devInspect } from './devInspect';
import { watchRestores } from './flowRefresh';

/** The started root actor, its children backed by the real services. */
export function createAppActor(overrides?: AppServiceOverrides): AppActor {
  return startAppActor(createUnstartedAppActor(overrides));
}

/** The root actor before it starts: the app's start makes it, yields, then starts it (src/main.tsx). */
export function createUnstartedAppActor(overrides?: AppServiceOverrides): AppActor {
  // `?inspect` logs the actor system in development; production builds drop the branch and the inspector with it.
  const inspect = import.meta.env.DEV ? devInspect() : undefined;
  return createActor(provideAppServices(overrides), inspect ? { inspect } : undefined);
}

/** Starts the root actor (its children with it) and binds what the services observe. */
export function startAppActor(actor: AppActor): AppActor {
  actor.start();
  // The wallet session learns the configured chain from the config actor and reports through notifications.
  bindWalletSession(actor);
  // Back online, the live socket reconnects at once and what is on screen refetches.
  bindConnectivityToLive(getAppActor(actor, 'connectivity'), getAppActor(actor, 'liveEvents'));
  bindConnectivityToConfig(getAppActor(actor, 'connectivity'), getAppActor(actor, 'config'));
  bindConnectivityToLikes(getAppActor(actor, 'connectivity'), getAppActor(actor, 'accountLikes'));
  // A page's flow started at a restore (the route that could not load offline) knows of that restore.
  watchRestores(getAppActor(actor, 'connectivity'));
  return actor;
}
