// The contract action for the token page's flows (Buy, Make offer, Accept, Retract) and the token dashboard's (List,
// Cancel listing, Accept): the same machine and effects as
// provideContractAction (./contractAction.ts), fetched with the page's first trade instead of with the page (the phone-performance work:
// about 3.5 KB gzip of its first load). Until the code is there the run waits, shown as its first step ('Preparing
// transaction…'); code that cannot load (offline, never cached) fails the run with the network notice.
import type { ContractActionMachine } from '../../../machines/trading/contractActionMachine';
import { notifyThroughSystem } from '../../../machines/system/systemActors';
import type { TradeError } from '../../../machines/trading/tradeErrors';
import { NetworkError } from '../errors';
import { lazyActorLogic } from '../lazyActorLogic';

export const lazyContractAction = lazyActorLogic<ContractActionMachine, { error: TradeError; hash: null }>(
  () => import('./contractAction').then((module) => module.provideContractAction()),
  {
    // The code did not arrive: the network's failure, told as every read's is ('The network is unavailable…').
    onLoadError: (error, system) => {
      const { message } = new NetworkError(error);
      notifyThroughSystem(system, 'error', message);
      return { error: { message, code: 'offline', source: 'wallet' }, hash: null };
    },
  },
);
