// The collection page's editors (/collection/$address/$chainId, and each My creations card), provided once: every
// actor name of their machines mapped to src/services. Views run them with useFlow(flow, { input }). The creator's
// royalties controls are in ./collectionRoyalties (their own chunk, loaded with the creator's panel).
import { fromPromise } from 'xstate';
import { collectionCoverMachine, type SaveCoverInput } from '../../../machines/collection/collectionCoverMachine';
import { createFormMachine, type FormRequest } from '../../../machines/forms/formMachine';
import { fetchCollectionTokensPage, updateCollection } from '../collection';
import { pagedListFlow } from './lists';
import { formDraftHooks } from '../formDrafts';
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
  actors: { saveCover, showSaved: fromPromise(() => reloadRoute()), ...formDraftHooks.actors },
  // The chosen cover not applied yet is a per-account draft in the form-drafts store.
  actions: formDraftHooks.actions,
});

/** The description editor's values: the text, and (not shown, not validated) what the save needs. */
export interface DescriptionValues extends Record<string, unknown> {
  description: string;
  collectionId: string;
  /** The creator's credentials: the server accepts the edit from them only. */
  address: string;
  key: string;
}

/** What a save gave: the saved text, or null when it failed (docs/requirements.md#collection-page: ignored silently). */
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
        // See docs/requirements.md#collection-page: a description save failure is ignored silently and the editor closes.
        console.warn('collection description:', error);
        return { saved: null } satisfies DescriptionSaveOutcome;
      }
    }),
  },
});

/** The collection page's token grid, PAGE_SIZE.collectionDisplay a page. */
export const collectionTokensList = pagedListFlow(fetchCollectionTokensPage);
