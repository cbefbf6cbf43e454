// The creator studio's flow (/studio/create, /studio/edit/$containerId), provided once: every actor and action name
// of the studio machine and its children (uploadMachine, tokenEditCardMachine, contractAction) mapped to
// src/services. Credentials are the wallet session's registered login at call time; notices go through the system.
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { studioMachine } from '../../../machines/studio/studioMachine';
import type { ShareOutcome } from '../../../machines/studio/studioTypes';
import { tokenEditCardMachine } from '../../../machines/studio/tokenEditCardMachine';
import { uploadMachine, type UploadFileInput } from '../../../machines/studio/uploadMachine';
import { loginOf, notifyThroughSystem } from '../../../machines/system/systemActors';
import type { SystemLike } from '../../../machines/system/systemRegistry';
import type { ApiKeyCredentials } from '../authFetch';
import { loadContractCalls, provideContractAction } from '../chain/contractAction';
import { whenWalletAppConfig } from '../wallet/walletEnv';
import { contentOriginOf } from '../media/sandboxFrame';
import { ServiceError, isAbortError } from '../errors';
import {
  canvasPreviewLink,
  createCanvas,
  createGenerativeToken,
  deleteCanvasToken,
  finalizeCanvas,
  getCanvas,
  getCanvasToken,
  prepareCanvasPublish,
  updateCanvas,
  updateCanvasToken,
  type CanvasDetailsInput,
} from '../studio/api';
import { fetchCanvasTokens } from '../studio/canvasTokens';
import { refreshStudioList } from '../studio/canvasList';
import { pendingFiles } from '../studio/pendingFiles';
import { studioPersistence } from '../studio/studioPersistence';
import type { captureDefaultThumbnail as CaptureDefaultThumbnail } from '../studio/studioMedia';
import type { uploadStudioFile as UploadStudioFile } from '../studio/tusUpload';
import { navigateTo } from './navigation';

// The upload client and the thumbnail capture load with the first upload or capture: they are not needed to show
// the details form, and the studio's first load stays within the 120 KB first-load budget.
const uploadStudioFile: typeof UploadStudioFile = async (...args) => (await import('../studio/tusUpload')).uploadStudioFile(...args);
const captureDefaultThumbnail: typeof CaptureDefaultThumbnail = async (...args) =>
  (await import('../studio/studioMedia')).captureDefaultThumbnail(...args);

export class StudioSignInError extends ServiceError {
  override name = 'StudioSignInError';
  constructor() {
    super('Connect your wallet and sign in to use the studio.');
  }
}

/** The creator's registered login at call time (the route guard let only a signed-in creator in). */
function creatorLogin(system: SystemLike): ApiKeyCredentials {
  const login = loginOf(system);
  if (!login) throw new StudioSignInError();
  return login;
}

/** tus uploads of the upload screen's files: progress, the created token, a lost file asked for again. */
export const uploadFile = fromCallback<EventObject, UploadFileInput>(({ input, sendBack, system }) => {
  const controller = new AbortController();
  const { canvasId, file } = input;
  const run = async () => {
    const login = creatorLogin(system);
    const bytes = input.blob ?? (await pendingFiles.read({ canvasId, key: file.key, name: file.name, type: file.type, size: file.size }));
    if (controller.signal.aborted) return;
    if (!bytes) {
      sendBack({ type: 'upload.needsFile', key: file.key });
      return;
    }
    const outcome = await uploadStudioFile(
      login,
      { canvasId, file: bytes, filename: file.name, context: input.context, category: input.category, resumeKey: `${file.key}:${file.lastModified ?? 0}` },
      { signal: controller.signal, onProgress: ({ bytesUploaded }) => sendBack({ type: 'upload.progress', key: file.key, bytesUploaded }) },
    );
    sendBack({ type: 'upload.fileDone', key: file.key, tokenId: outcome.tokenId });
  };
  run().catch((error: unknown) => {
    if (controller.signal.aborted || isAbortError(error)) return;
    sendBack({ type: 'upload.failed', key: file.key, message: error instanceof Error ? error.message : undefined });
  });
  return () => controller.abort();
});

export const studioUploadFlow = uploadMachine.provide({
  actors: { uploadFile },
  actions: {
    // Chosen bytes are kept in the origin-private file system until their upload completes; a full storage is said.
    keepFiles: ({ context, system }, { files }) => {
      for (const { key, blob } of files) {
        void pendingFiles.keep(context.canvasId, key, blob).then((entry) => {
          if (entry.problem) notifyThroughSystem(system, 'error', entry.problem);
        });
      }
    },
    forgetFile: ({ context }, { key }) => void pendingFiles.remove(context.canvasId, key),
  },
});

export const studioTokenCardFlow = tokenEditCardMachine.provide({
  actors: {
    saveToken: fromPromise(({ input, signal, system }) =>
      updateCanvasToken(creatorLogin(system), input.canvasId, input.tokenId, { name: input.name, description: input.description }, { signal }),
    ),
    deleteToken: fromPromise(({ input, signal, system }) => deleteCanvasToken(creatorLogin(system), input.canvasId, input.tokenId, { signal })),
  },
});

/** Share: copy the preview link (previewLinkCopied), and offer the device's share sheet where there is one. */
export async function shareCanvasLink(link: string, title: string): Promise<ShareOutcome> {
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch {
    // No clipboard permission: the share sheet below, if any.
  }
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url: link });
      return copied ? 'copied' : 'shared';
    } catch (error) {
      if (!copied && isAbortError(error)) return 'cancelled';
    }
  }
  if (!copied) throw new ServiceError(`Copy the preview link: ${link}`);
  return 'copied';
}

export const studioFlow = studioMachine.provide({
  actors: {
    // The studio's first state reads the page's stored record (as stored; the machine migrates it).
    restoreStudio: fromPromise(({ input }) => studioPersistence.read(input.containerId)),
    refreshCanvasList: fromPromise(({ signal, system }) => refreshStudioList(creatorLogin(system), signal)),
    loadCanvas: fromPromise(({ input, signal, system }) => getCanvas(creatorLogin(system), input.canvasId, { signal })),
    saveDetails: fromPromise(({ input, signal, system }) => {
      const details: CanvasDetailsInput = { ...input.details, attributes: input.attributes as Record<string, unknown> | null };
      const login = creatorLogin(system);
      return input.canvasId ? updateCanvas(login, input.canvasId, details, input.cover, { signal }) : createCanvas(login, details, input.cover, { signal });
    }),
    loadToken: fromPromise(({ input, signal, system }) => getCanvasToken(creatorLogin(system), input.canvasId, input.tokenId, { signal })),
    deleteToken: fromPromise(({ input, signal, system }) => deleteCanvasToken(creatorLogin(system), input.canvasId, input.tokenId, { signal })),
    createGenerativeToken: fromPromise(({ input, signal, system }) =>
      createGenerativeToken(creatorLogin(system), input.canvasId, { name: input.name, seedValue: input.seedValue }, { signal }),
    ),
    captureThumbnail: fromPromise(({ input, signal, system }) =>
      captureDefaultThumbnail(input.canvas, input.token, contentOriginOf(system), signal),
    ),
    uploadThumbnail: fromPromise(async ({ input, signal, system }) => {
      await uploadStudioFile(
        creatorLogin(system),
        { canvasId: input.canvasId, file: input.image, filename: input.filename, context: 'thumbnail', category: 'token', tokenId: input.tokenId },
        { signal },
      );
    }),
    loadTokens: fromPromise(({ input, signal, system }) => fetchCanvasTokens(creatorLogin(system), input, signal)),
    finalizeCanvas: fromPromise(({ input, signal, system }) => finalizeCanvas(creatorLogin(system), input.canvasId, { signal })),
    preparePublish: fromPromise(async ({ input, signal, system }) => {
      const login = creatorLogin(system);
      // A generative collection's tokens are drawn here first, each token's render recorded in its metadata.
      const renders =
        input.canvas?.mediaType === 'multipart/mixed'
          ? await (await import('../studio/publishRenders')).recordRenders(login, input.canvas, contentOriginOf(system), signal)
          : undefined;
      return prepareCanvasPublish(login, input.canvasId, { signal, renders });
    }),
    readPublishReceipt: fromPromise(async ({ input, signal }) => {
      const appConfig = await whenWalletAppConfig(signal);
      return (await loadContractCalls()).readCreatedCollection(appConfig, input);
    }),
    shareCanvas: fromPromise(({ input }) => shareCanvasLink(canvasPreviewLink(window.location.origin, input.canvas), input.canvas.name)),
    upload: studioUploadFlow,
    tokenCard: studioTokenCardFlow,
    contractAction: provideContractAction(),
  },
  actions: {
    persistStudio: ({ context }) => studioPersistence.persist(context),
    // The store loads with the first publication (the collection page reads it too): not in the studio's first load.
    rememberPublished: ({ context }) => {
      const record = context.onChain;
      if (record) void import('../studio/justPublished').then(({ rememberPublished }) => rememberPublished(record));
    },
    goToCanvas: ({ context }) => {
      if (!context.containerId) return;
      studioPersistence.moveNewTo(context);
      navigateTo({ to: '/studio/edit/$containerId', params: { containerId: context.containerId }, replace: true });
    },
  },
});

export type StudioFlow = typeof studioFlow;
