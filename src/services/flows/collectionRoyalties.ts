// The creator's royalties controls on the collection page, provided once: every actor name of their machine mapped
// to src/services. A module of its own so the panel's chunk (loaded only for the signed-in creator) carries the
// machine and the contract action flow, not the collection page's first load (the phone-performance work).
import { fromPromise } from 'xstate';
import { collectionRoyaltiesMachine, type Royalties, type RoyaltiesInput } from '../../../machines/collection/collectionRoyaltiesMachine';
import { loadContractCalls, provideContractAction } from '../chain/contractAction';
import { whenWalletAppConfig } from '../wallet/walletEnv';
import { formDraftHooks } from '../formDrafts';

/**
 * The creator's royalties controls: the contract's current values read through the wallet stack
 * (loaded only when the creator's panel mounts), Reduce and Transfer through the contract action flow.
 */
export const collectionRoyaltiesFlow = collectionRoyaltiesMachine.provide({
  actors: {
    readRoyalties: fromPromise<Royalties, RoyaltiesInput>(async ({ input, signal }) => {
      const appConfig = await whenWalletAppConfig(signal);
      return (await loadContractCalls()).readRoyalties(appConfig, input);
    }),
    contractAction: provideContractAction(),
    ...formDraftHooks.actors,
  },
  actions: formDraftHooks.actions,
});
