// The REAL studio machine started with controlled services (the model paths' harness, studioHarness.ts, and the
// hand-written studio tests use it): its services are controlled promises a test settles, the upload child and the
// wallet transaction are small stand-ins (their own machines have their own model tests), notices go to a recorder
// registered as the system's notifications actor, and every record the studio persists is kept (persistedStudioRecord,
// as the services store it). The first state's read of the stored record (restoreStudio) is settled by the test, or
// answers `stored` at once when a test gives one.
import { createActor, fromCallback, fromPromise, setup, type AnyActorRef } from 'xstate';
import { studioMachine } from '../../../machines/studio/studioMachine';
import { persistedStudioRecord, type PersistedStudioRecord } from '../../../machines/studio/studioPersistence';
import type { PublishedOnChain } from '../../../domain/publishedCollection';
import type { PublishParameters, PublishReceiptInput, ShareOutcome, StudioCanvas, StudioToken, TokensPage } from '../../../machines/studio/studioTypes';
import { controlled } from '../support/modelTesting';
import type { Snap } from './studioModel';

/** The upload child stand-in keeps its input (canvas, screen, the restored queue) for the assertions. */
const uploadStandIn = setup({ types: { input: {} as unknown, context: {} as { input: unknown } } }).createMachine({ context: ({ input }) => ({ input }) });

export function startStudio(options: { input?: object; stored?: unknown } = {}) {
  const fakes = {
    restoreStudio: controlled<unknown, { containerId: string | null }>(),
    loadCanvas: controlled<StudioCanvas, { canvasId: string }>(),
    saveDetails: controlled<StudioCanvas, { canvasId: string | null; details: object; cover: Blob | null }>(),
    loadToken: controlled<StudioToken, { canvasId: string; tokenId: string }>(),
    deleteToken: controlled<void, { canvasId: string; tokenId: string }>(),
    createGenerativeToken: controlled<StudioToken, { canvasId: string; seedValue: string; name: string }>(),
    captureThumbnail: controlled<Blob, { canvas: StudioCanvas; token: StudioToken }>(),
    uploadThumbnail: controlled<void, { canvasId: string; tokenId: string; image: Blob; filename: string }>(),
    loadTokens: controlled<TokensPage, { canvasId: string; page: number; perPage: number }>(),
    finalizeCanvas: controlled<StudioCanvas, { canvasId: string }>(),
    preparePublish: controlled<PublishParameters, { canvasId: string; canvas: StudioCanvas | null }>(),
    publishAction: controlled<{ error: unknown; hash: string | null }, { action: Record<string, unknown> }>(),
    readPublishReceipt: controlled<PublishedOnChain | null, PublishReceiptInput>(),
    shareCanvas: controlled<ShareOutcome, { canvas: StudioCanvas }>(),
  };
  const notices: Array<{ kind: string; text: string }> = [];
  const records: PersistedStudioRecord[] = [];
  const navigations: string[] = [];
  const remembered: PublishedOnChain[] = [];
  const provided = studioMachine.provide({
    actors: {
      restoreStudio: 'stored' in options ? fromPromise(async () => options.stored) : fakes.restoreStudio.logic,
      refreshCanvasList: controlled<void>().logic,
      loadCanvas: fakes.loadCanvas.logic,
      saveDetails: fakes.saveDetails.logic,
      loadToken: fakes.loadToken.logic,
      deleteToken: fakes.deleteToken.logic,
      createGenerativeToken: fakes.createGenerativeToken.logic,
      captureThumbnail: fakes.captureThumbnail.logic,
      uploadThumbnail: fakes.uploadThumbnail.logic,
      loadTokens: fakes.loadTokens.logic,
      finalizeCanvas: fakes.finalizeCanvas.logic,
      preparePublish: fakes.preparePublish.logic,
      readPublishReceipt: fakes.readPublishReceipt.logic,
      shareCanvas: fakes.shareCanvas.logic,
      upload: uploadStandIn,
      contractAction: fakes.publishAction.logic,
      // Live events are sent to the studio by the test.
      watchLive: fromCallback(() => {}),
    } as never,
    actions: {
      persistStudio: ({ context }) => {
        const record = persistedStudioRecord({ context });
        if (record) records.push(record);
      },
      rememberPublished: ({ context }) => {
        if (context.onChain) remembered.push(context.onChain);
      },
      goToCanvas: ({ context }) => {
        navigations.push(`/studio/edit/${context.containerId}`);
      },
    },
  });
  const notifications = setup({}).createMachine({
    on: { 'notify.show': { actions: ({ event }) => notices.push({ kind: event.kind as string, text: event.text as string }) } },
  });
  const parent = createActor(
    setup({ actors: { studio: provided, notifications } }).createMachine({
      invoke: [
        { id: 'notifications', systemId: 'notifications', src: 'notifications' },
        { id: 'studio', src: 'studio', input: options.input ?? {} },
      ],
    }),
  );
  parent.start();
  const studio = () => parent.getSnapshot().children.studio as AnyActorRef;
  return { parent, studio, fakes, notices, records, navigations, remembered, real: () => studio().getSnapshot() as Snap };
}
