// The saved-for-offline flow (saving an exhibition for offline), provided once: the record store, the estimate, the pinned download
// and removal from src/services/exhibitions/offlineExhibitions.ts. Unit tests replace it by machine id
// ('offlineExhibitions').
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { createOfflineExhibitionsMachine, type DownloadInput } from '../../../machines/exhibitions/offlineExhibitionsMachine';
import type { Exhibition } from '../exhibitions/exhibitions';
import {
  downloadExhibition,
  estimateExhibitionSave,
  ExhibitionSaveError,
  listSavedExhibitions,
  removeSavedExhibition,
} from '../exhibitions/offlineExhibitions';
import { requestPersistentStorage } from '../offline/persistentStorage';

// The view sends the whole exhibition it shows; the machine only reads its id, title and end date.
const asExhibition = (target: unknown) => target as Exhibition;

export const offlineExhibitionsFlow = createOfflineExhibitionsMachine().provide({
  actors: {
    loadSaved: fromPromise(() => listSavedExhibitions()),
    estimateSave: fromPromise(({ input, signal }) => estimateExhibitionSave(asExhibition(input), signal)),
    downloadExhibition: fromCallback<AnyEventObject, DownloadInput>(({ input, sendBack }) => {
      const controller = new AbortController();
      downloadExhibition(asExhibition(input.exhibition), (doneBytes) => sendBack({ type: 'download.progress', doneBytes }), controller.signal).then(
        (saved) => sendBack({ type: 'download.done', saved }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          sendBack({ type: 'download.failed', kind: error instanceof ExhibitionSaveError ? error.kind : 'network' });
        },
      );
      return () => controller.abort();
    }),
    removeSaved: fromPromise(({ input }) => removeSavedExhibition(input)),
  },
  actions: {
    requestPersistence: () => requestPersistentStorage(),
  },
});
