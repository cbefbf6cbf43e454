// The studio list's flow (/studio/list), provided once: the creator's canvases (getAllCanvas), DELETE of one, and
// the way to studio-create. Credentials are the wallet session's registered login at call time (the _studio guard
// let only a signed-in creator in).
import { fromPromise, type AnyActorRef } from 'xstate';
import { registeredLogin } from '../../../machines/likes/accountLikesMachine';
import { studioListMachine, type StudioListRow } from '../../../machines/studio/studioListMachine';
import type { CanvasRef } from '../../../machines/studio/studioTypes';
import type { ApiKeyCredentials } from '../authFetch';
import { deleteCanvas } from '../studio/api';
import { fetchStudioList } from '../studio/listCanvases';
import { navigateTo } from './navigation';

type SystemLike = { get(systemId: string): AnyActorRef | undefined };

function creatorLogin(system: SystemLike): ApiKeyCredentials {
  const session = system.get('walletSession');
  const login = session ? registeredLogin(session.getSnapshot() as Parameters<typeof registeredLogin>[0]) : null;
  if (!login) throw new Error('Connect your wallet and sign in to use the studio.');
  return login;
}

export const studioListFlow = studioListMachine.provide({
  actors: {
    loadCanvasList: fromPromise<StudioListRow[], void>(({ system, signal }) => fetchStudioList(creatorLogin(system), signal)),
    deleteCanvas: fromPromise<void, CanvasRef>(({ input, system, signal }) => deleteCanvas(creatorLogin(system), input.canvasId, { signal })),
  },
  actions: {
    goToCreate: () => navigateTo({ to: '/studio/create', replace: true }),
  },
});
