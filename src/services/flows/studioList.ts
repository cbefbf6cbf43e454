// The studio list's flow (/studio/list), provided once: the creator's canvases (getAllCanvas), DELETE of one, and
// the ways to a collection's studio and to studio-create. Credentials are the wallet session's registered login at call time (the _studio guard
// let only a signed-in creator in).
import { fromPromise } from 'xstate';
import { studioListMachine, type StudioListRow } from '../../../machines/studio/studioListMachine';
import type { CanvasRef } from '../../../machines/studio/studioTypes';
import { loginOf } from '../../../machines/system/systemActors';
import type { SystemLike } from '../../../machines/system/systemRegistry';
import type { ApiKeyCredentials } from '../authFetch';
import { deleteCanvas } from '../studio/api';
import { fetchStudioList } from '../studio/listCanvases';
import { forgetCanvasUploads } from '../studio/tusUpload';
import { navigateTo } from './navigation';

function creatorLogin(system: SystemLike): ApiKeyCredentials {
  const login = loginOf(system);
  if (!login) throw new Error('Connect your wallet and sign in to use the studio.');
  return login;
}

export const studioListFlow = studioListMachine.provide({
  actors: {
    loadCanvasList: fromPromise<StudioListRow[], void>(({ system, signal }) => fetchStudioList(creatorLogin(system), signal)),
    // Once the server has deleted it (and its uploads), the browser forgets the canvas's resume fingerprints too.
    deleteCanvas: fromPromise<void, CanvasRef>(async ({ input, system, signal }) => {
      await deleteCanvas(creatorLogin(system), input.canvasId, { signal });
      // Best effort: browser storage that cannot be read must not turn a done delete into a failure.
      await forgetCanvasUploads(input.canvasId).catch(() => undefined);
    }),
  },
  actions: {
    goToCreate: () => navigateTo({ to: '/studio/create', replace: true }),
    goToEdit: (_, { id }) => navigateTo({ to: '/studio/edit/$containerId', params: { containerId: id } }),
  },
});
