import { fromPromise } from 'xstate';
import { appMachine } from '../../machines/app/appMachine';
import { configMachine } from '../../machines/config/configMachine';
import { accountLikesMachine } from '../../machines/likes/accountLikesMachine';
import type { liveEventsMachine } from '../../machines/live/liveEventsMachine';
import type { connectivityMachine } from '../../machines/offline/connectivityMachine';
import { pwaUpdateMachine } from '../../machines/pwa/pwaUpdateMachine';
import { settingsMachine } from '../../machines/settings/settingsMachine';
import type { walletSessionMachine } from '../../machines/wallet/walletSessionMachine';
import { checkConfig, fetchConfig } from './api';
import { provideLiveEvents } from './live/liveEvents';
import { provideConnectivity } from './offline/connectivity';
import { applyUpdate } from './pwaUpdate';
import { loadSettings, persistSettings } from './settings';
import { provideWalletSession } from './wallet/session';

export interface AppServiceOverrides {
  config?: typeof configMachine;
  settings?: typeof settingsMachine;
  pwaUpdate?: typeof pwaUpdateMachine;
  walletSession?: typeof walletSessionMachine;
  liveEvents?: typeof liveEventsMachine;
  accountLikes?: typeof accountLikesMachine;
  connectivity?: typeof connectivityMachine;
}

/** The root machine with every effect implemented by the real services (tests may swap a child). */
export function provideAppServices(overrides: AppServiceOverrides = {}) {
  return appMachine.provide({
    actors: {
      config:
        overrides.config ??
        configMachine.provide({
          actors: { fetchConfig: fromPromise(({ signal }) => fetchConfig(signal)), checkConfig: fromPromise(({ input }) => checkConfig(input)) },
        }),
      settings: overrides.settings ?? settingsMachine.provide({ actors: { loadSettings }, actions: { persistSettings } }),
      pwaUpdate: overrides.pwaUpdate ?? pwaUpdateMachine.provide({ actors: { applyUpdate } }),
      walletSession: overrides.walletSession ?? provideWalletSession(),
      liveEvents: overrides.liveEvents ?? provideLiveEvents(),
      connectivity: overrides.connectivity ?? provideConnectivity(),
      // The likes service loads with the first like toggle that asks (it is not in the first load).
      accountLikes:
        overrides.accountLikes ??
        accountLikesMachine.provide({
          actors: { fetchAccountLikes: fromPromise(async ({ input, signal }) => (await import('./likes')).fetchAccountLikes(input, signal)) },
        }),
    },
  });
}
