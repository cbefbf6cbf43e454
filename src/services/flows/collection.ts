// The collection page's editors (/collection/$address/$chainId, and each My creations card), provided once: every
// actor name of their machines mapped to src/services. Views run them with useFlow(flow, { input }).
import { fromPromise } from 'xstate';
import { collectionCoverMachine, type SaveCoverInput } from '../../../machines/collection/collectionCoverMachine';
import { collectionRoyaltiesMachine, type Royalties, type RoyaltiesInput } from '../../../machines/collection/collectionRoyaltiesMachine';
import { loadContractCalls, provideContractAction } from '../chain/contractAction';
import { whenWalletAppConfig } from '../wallet/walletEnv';
import { createFormMachine, type FormRequest } from '../../../machines/forms/formMachine';
import { updateCollection } from '../collection';
import { reloadRoute } from './navigation';

/** PUT /api/v1/collection/{id} with the cropped cover, as its creator. */
export const saveCover = fromPromise<unknown, SaveCoverInput>(({ input }) =>
  updateCollection(input.editor, input.collectionId, { cover: input.image }),
);

/**
 * The collection page's cover editor: saved, it keeps its preview until the page's route has loaded the collection
 * again (the reloaded collection names the stored cover). A My creations card runs the same machine as its child
 * (src/services/flows/dashboard.ts), answered by the card's refresh.
 */
export const collectionCoverFlow = collectionCoverMachine.provide({
  actors: { saveCover, showSaved: fromPromise(() => reloadRoute()) },
});

/** The description editor's values: the text, and (not shown, not validated) what the save needs. */
export interface DescriptionValues extends Record<string, unknown> {
  description: string;
  collectionId: string;
  /** The creator's credentials: the server accepts the edit from them only. */
  address: string;
  key: string;
}

/** What a save gave: the saved text, or null when it failed (seed 000 §8: ignored silently). */
export type DescriptionSaveOutcome = { saved: string | null };

/** The description form: PUT /api/v1/collection/{id} with the text; a failure is ignored and the editor closes. */
export const collectionDescriptionFlow = createFormMachine<DescriptionValues>().provide({
  actors: {
    submitForm: fromPromise<unknown, FormRequest<DescriptionValues>>(async ({ input }) => {
      const { collectionId, address, key, description } = input.values;
      try {
        await updateCollection({ address, key }, collectionId, { description });
        return { saved: description.trim() } satisfies DescriptionSaveOutcome;
      } catch (error) {
        // Seed 000 §8: a description save failure is ignored silently and the editor closes.
        console.warn('collection description:', error);
        return { saved: null } satisfies DescriptionSaveOutcome;
      }
    }),
  },
});

/**
 * The creator's royalties controls (issue 17 item 7a): the contract's current values read through the wallet stack
 * (loaded only when the creator's panel mounts), Reduce and Transfer through the contract action flow.
 */
export const collectionRoyaltiesFlow = collectionRoyaltiesMachine.provide({
  actors: {
    readRoyalties: fromPromise<Royalties, RoyaltiesInput>(async ({ input, signal }) => {
      const appConfig = await whenWalletAppConfig(signal);
      return (await loadContractCalls()).readRoyalties(appConfig, input);
    }),
    contractAction: provideContractAction(),
  },
});
