// The collection page's editors (/collection/$address/$chainId, and each My creations card), provided once: every
// actor name of their machines mapped to src/services. Views run them with useFlow(flow, { input }).
import { fromPromise } from 'xstate';
import { createFormMachine, type FormRequest } from '../../../machines/forms/formMachine';
import { updateCollection } from '../collection';

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
