import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, setup, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { uploadMachine, type ChosenFile, type UploadContext, type UploadEntry, type UploadEvent, type UploadFileInput, type UploadInput } from '../../../machines/studio/uploadMachine';
import { checkedStates, createMachineTestModel, modelCoverageTests, modelPaths } from '../support/modelTesting';

const chosen = (name: string, size: number, type: string): ChosenFile => ({ name, size, type, lastModified: 1_700_000_000_000, blob: new Blob([name], { type }) });
const dawn = chosen('dawn.png', 3_000_000, 'image/png');
const dusk = chosen('dusk.jpg', 1_000_000, 'image/jpeg');
const sketch = chosen('sketch.png', 2_000, 'image/png');
const script = chosen('sketch.js', 1_000, 'text/javascript');
// Refused when chosen, each with its literal message (the seed's file-name message first).
const refusals: Record<string, ChosenFile> = {
  'File Upload Failed. Remove special characters from filename': chosen('sun#1.png', 1_000, 'image/png'),
  'Only jpg, jpeg, png files can be uploaded here': chosen('notes.txt', 1_000, 'text/plain'),
  'The file is larger than 10 MB': chosen('huge.png', 12_000_000, 'image/png'),
};
const refusalOf = (file: ChosenFile) => Object.entries(refusals).find(([, refused]) => refused === file)?.[0];

const entry = (file: ChosenFile, key: string, status: UploadEntry['status'], bytesUploaded: number): UploadEntry => ({
  key, name: file.name, size: file.size, type: file.type, lastModified: 1_700_000_000_000, status, bytesUploaded,
});
// Three ways the queue starts: empty on the image screen; restored after a reload while dawn.png was uploading
// (1,000,000 bytes on the server) with dusk.jpg pending; empty on the generative screen.
const inputs: Record<string, UploadInput> = {
  fresh: { canvasId: 'c7', screen: 'image' },
  restored: { canvasId: 'c6', screen: 'image', files: [entry(dawn, '1:dawn.png:3000000', 'uploading', 1_000_000), entry(dusk, '2:dusk.jpg:1000000', 'pending', 0)] },
  generative: { canvasId: 'c8', screen: 'multipart/mixed' },
};
const ctx = (state: AnyMachineSnapshot) => state.context as UploadContext;
const variantOf = (c: UploadContext) => Object.entries(inputs).find(([, input]) => input.canvasId === c.canvasId)![0];
const currentOf = (c: UploadContext) => c.files.find((file) => file.status === 'uploading') ?? c.files.find((file) => file.status === 'pending' && !file.needsFile);
const chosenFiles = [dawn, dusk, sketch, script];
const chosenByName = (name: string) => chosenFiles.find((file) => file.name === name)!;
// The token the server creates: the next id in upload order.
const tokenIdFor = (c: UploadContext) => String(c.files.filter((file) => file.status === 'done').length + 1);

function modelEvents(state: AnyMachineSnapshot): Array<EventObject & Record<string, unknown>> {
  const c = ctx(state);
  const current = currentOf(c);
  const adds = c.screen === 'multipart/mixed' ? [[sketch], [script]] : [[dawn, dusk], [dawn], [dusk], ...Object.values(refusals).map((file) => [file])];
  return [
    ...adds.map((files) => ({ type: 'upload.add', files })),
    ...c.files.map((file) => ({ type: 'upload.remove', key: file.key })),
    { type: 'upload.start' },
    ...(current
      ? [
          { type: 'upload.progress', key: current.key, bytesUploaded: current.size / 2 },
          { type: 'upload.fileDone', key: current.key, tokenId: tokenIdFor(c) },
          { type: 'upload.failed', key: current.key, message: 'PATCH failed: 502' },
          { type: 'upload.needsFile', key: current.key },
        ]
      : []),
  ];
}

// Keeps each graph small: the pair is chosen once, refusals only on an empty queue, a file alone only when the
// browser lost its bytes (chosen again), the script after the image; progress to half once; needsFile only for bytes not chosen
// in this session (a restored queue); only queued files are removed.
function filterEvents(state: AnyMachineSnapshot, event: EventObject) {
  const c = ctx(state);
  const { files, key, bytesUploaded } = event as { files?: ChosenFile[]; key?: string; bytesUploaded?: number };
  const current = currentOf(c);
  switch (event.type) {
    case 'upload.add':
      if (!state.matches('choosing')) return false;
      if (files!.length === 2) return c.nextKey === 1;
      if (files![0] === dawn || files![0] === dusk) return c.files.some((file) => file.needsFile && file.name === files![0]!.name);
      if (files![0] === sketch) return c.nextKey === 1;
      if (files![0] === script) return c.nextKey === 2;
      return c.files.length === 0;
    case 'upload.remove':
      return c.files.some((file) => file.key === key && (file.status === 'pending' || file.status === 'failed'));
    case 'upload.progress':
      return state.matches('uploading') && current!.bytesUploaded < bytesUploaded!;
    case 'upload.needsFile':
      return state.matches('uploading') && !c.blobs[key!];
    default:
      return true;
  }
}

const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: { ...ctx(state), blobs: Object.keys(ctx(state).blobs) } });
// The graph is walked on a copy without the parent sends (a graph walk has no parent); the real machine runs every
// step with them, under a recording parent.
const graphMachine = uploadMachine.provide({ actions: { reportFiles: () => {}, reportDone: () => {} } });
const models = Object.fromEntries(Object.entries(inputs).map(([name, input]) => [name, createMachineTestModel(graphMachine, { input, project, events: modelEvents, filterEvents })]));
// Simple paths to a complete queue from an empty image screen: the pair chosen, then every way through progress,
// a failure, a retry and removing the file still queued.
const simpleFilter = (_state: AnyMachineSnapshot, event: EventObject) =>
  ['upload.start', 'upload.progress', 'upload.fileDone', 'upload.failed', 'upload.remove'].includes(event.type) || (event.type === 'upload.add' && (event as unknown as { files: ChosenFile[] }).files.length === 2);
const paths = [
  ...modelPaths(models.fresh!, { toState: (state) => state.matches('done'), filterEvents: (state, event) => filterEvents(state, event) && simpleFilter(state, event) }),
  // A restored queue to its end: resumed at once, or after the lost bytes of dawn.png were chosen again.
  ...modelPaths(models.restored!, {
    toState: (state) => state.matches('done'),
    filterEvents: (state, event) => filterEvents(state, event) && ['upload.start', 'upload.progress', 'upload.fileDone', 'upload.add', 'upload.needsFile'].includes(event.type),
  }),
  ...models.generative!.getShortestPaths(),
];

interface Running {
  input: UploadFileInput;
  sendBack: (event: UploadEvent) => void;
  stopped: boolean;
}

/** The upload machine runs as the studio's child: a parent recording what it hears, beside a notifications recorder. */
function startUpload(input: UploadInput) {
  const runs: Running[] = [];
  const heard: EventObject[] = [];
  const notices: Array<{ kind: string; text: string }> = [];
  const keepFiles = vi.fn((_args: unknown, _params: { files: Array<{ key: string; blob: Blob }> }) => {});
  const forgetFile = vi.fn((_args: unknown, _params: { key: string }) => {});
  const uploadFile = fromCallback<EventObject, UploadFileInput>(({ input: fileInput, sendBack }) => {
    const run: Running = { input: fileInput, sendBack, stopped: false };
    runs.push(run);
    return () => {
      run.stopped = true;
    };
  });
  const notifications = setup({}).createMachine({
    on: { 'notify.show': { actions: ({ event }) => notices.push({ kind: event.kind as string, text: event.text as string }) } },
  });
  const upload = uploadMachine.provide({ actors: { uploadFile }, actions: { keepFiles, forgetFile } });
  const parent = createActor(
    setup({ actors: { upload, notifications } }).createMachine({
      invoke: [
        { id: 'notifications', systemId: 'notifications', src: 'notifications' },
        { id: 'upload', src: 'upload', input },
      ],
      on: { '*': { actions: ({ event }) => heard.push(event) } },
    }),
  ).start();
  const actor = () => parent.getSnapshot().children.upload as AnyActorRef;
  const active = () => runs.filter((run) => !run.stopped);
  return { parent, actor, runs, active, heard, notices, keepFiles, forgetFile };
}

function harness() {
  let run: ReturnType<typeof startUpload> | undefined;
  const get = () => {
    if (!run) throw new Error('upload not started');
    return run;
  };
  const real = () => get().actor().getSnapshot() as AnyMachineSnapshot;
  const files = () => ctx(real()).files;
  const lastChanged = () => (get().heard.filter((event) => event.type === 'upload.changed').at(-1) as { files?: UploadEntry[] } | undefined)?.files;
  const send = (step: { event: EventObject }) => get().actor().send(step.event as UploadEvent);
  const fromUploader = (step: { event: EventObject }) => {
    const [running] = get().active();
    expect(running!.input.file.key).toBe((step.event as unknown as { key: string }).key);
    running!.sendBack(step.event as UploadEvent);
    return running!;
  };
  return {
    stop: () => run?.parent.stop(),
    params: {
      events: {
        'xstate.init': (step: { state: AnyMachineSnapshot }) => {
          run = startUpload(inputs[variantOf(ctx(step.state))]!);
        },
        'upload.add': (step: { event: EventObject }) => {
          const chosenNow = (step.event as unknown as { files: ChosenFile[] }).files;
          const refusal = refusalOf(chosenNow[0]!);
          const noticesBefore = get().notices.length;
          send(step);
          // The accepted files' bytes are kept (origin-private storage) under their queue keys.
          const kept = get().keepFiles.mock.calls.at(-1)![1].files;
          expect(kept.map((file) => file.blob)).toEqual(refusal ? [] : chosenNow.map((file) => file.blob));
          expect(kept.map((file) => files().find((queued) => queued.key === file.key)?.name)).toEqual(refusal ? [] : chosenNow.map((file) => file.name));
          expect(ctx(real()).problem).toBe(refusal ?? null);
          expect(get().notices.slice(noticesBefore)).toEqual(refusal ? [{ kind: 'error', text: refusal }] : []);
          expect(lastChanged()).toEqual(files());
        },
        'upload.remove': (step: { event: EventObject }) => {
          const { key } = step.event as unknown as { key: string };
          send(step);
          expect(get().forgetFile.mock.calls.at(-1)![1]).toEqual({ key });
          expect(lastChanged()!.map((file) => file.key)).not.toContain(key);
        },
        'upload.start': (step: { event: EventObject }) => {
          const noticesBefore = get().notices.length;
          send(step);
          const scriptMissing = ctx(real()).screen === 'multipart/mixed' && !files().some((file) => file.name.endsWith('.js'));
          expect(get().notices.slice(noticesBefore)).toEqual(scriptMissing ? [{ kind: 'error', text: 'Please add a script file (.js)' }] : []);
        },
        'upload.progress': (step: { event: EventObject }) => {
          const { key, bytesUploaded } = step.event as unknown as { key: string; bytesUploaded: number };
          fromUploader(step);
          expect(files().find((file) => file.key === key)!.bytesUploaded).toBe(bytesUploaded);
        },
        'upload.fileDone': (step: { event: EventObject }) => {
          const { key, tokenId } = step.event as unknown as { key: string; tokenId: string };
          const running = fromUploader(step);
          expect(running.stopped).toBe(true);
          expect(get().forgetFile.mock.calls.at(-1)![1]).toEqual({ key });
          expect(get().heard.find((event) => event.type === 'upload.changed' && (event as unknown as { files: UploadEntry[] }).files.some((file) => file.key === key && file.status === 'done'))).toBeDefined();
          expect(files().find((file) => file.key === key)).toMatchObject({ status: 'done', tokenId });
        },
        'upload.failed': (step: { event: EventObject }) => {
          const noticesBefore = get().notices.length;
          expect(fromUploader(step).stopped).toBe(true);
          expect(get().notices.slice(noticesBefore)).toEqual([{ kind: 'error', text: 'File Upload Failed. Please try again!' }]);
          expect(lastChanged()).toEqual(files());
        },
        'upload.needsFile': (step: { event: EventObject }) => {
          const running = fromUploader(step);
          expect(running.stopped).toBe(true);
          expect(ctx(real()).problem).toBe(`Choose ${running.input.file.name} again to continue its upload`);
          expect(lastChanged()).toEqual(files());
        },
      },
      states: checkedStates(real, project, {
        resuming: () => {
          throw new Error('resuming is transient');
        },
        next: () => {
          throw new Error('next is transient');
        },
        choosing: (snap) => {
          expect(snap.hasTag('busy')).toBe(false);
          expect(get().active()).toEqual([]);
          const c = ctx(snap);
          const startable = c.files.some((file) => file.status === 'pending' || file.status === 'failed') && !c.files.some((file) => file.needsFile);
          // Generative: Start without a script is answered with scriptFileNeeded (the upload.start executor checks it).
          const refusesStart = c.screen === 'multipart/mixed' && !c.files.some((file) => file.name.endsWith('.js'));
          expect(snap.can({ type: 'upload.start' })).toBe(startable || refusesStart);
        },
        uploading: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          const c = ctx(snap);
          const uploading = c.files.filter((file) => file.status === 'uploading');
          expect(uploading).toHaveLength(1);
          // One file at a time: the uploader runs for it, with the bytes chosen in this session, or none after a
          // reload (the services read them back, and tus continues from the server's offset).
          const [running] = get().active();
          expect(get().active()).toHaveLength(1);
          const restoredWithoutBytes = !c.blobs[uploading[0]!.key];
          expect(running!.input).toEqual({
            canvasId: c.canvasId,
            file: expect.objectContaining({ key: uploading[0]!.key, name: uploading[0]!.name, size: uploading[0]!.size }),
            blob: restoredWithoutBytes ? null : chosenByName(uploading[0]!.name).blob,
            ...(c.screen === 'multipart/mixed' ? { context: 'collection', category: 'collection' } : { context: 'media', category: 'token' }),
          });
          // A restored queue: dawn.png continued at once, without a click, with the offset the queue had.
          if (variantOf(c) === 'restored') expect(get().runs[0]!.input).toMatchObject({ file: { name: 'dawn.png', status: 'uploading', bytesUploaded: 1_000_000 }, blob: null });
          expect(running!.input.file.bytesUploaded).toBeLessThanOrEqual(uploading[0]!.bytesUploaded);
          expect(lastChanged()!.map((file) => file.status)).toEqual(c.files.map((file) => file.status));
        },
        done: (snap) => {
          const c = ctx(snap);
          expect(get().active()).toEqual([]);
          expect(c.files.every((file) => file.status === 'done' && file.bytesUploaded === file.size)).toBe(true);
          // The studio hears the created tokens, in upload order.
          expect(get().heard.at(-1)).toEqual({ type: 'upload.done', tokenIds: c.files.map((_, index) => String(index + 1)) });
          expect(c.files.map((file) => get().forgetFile.mock.calls.some(([, params]) => params.key === file.key))).toEqual(c.files.map(() => true));
        },
      }),
    },
  };
}

describe('uploadMachine (model-based)', () => {
  modelCoverageTests(uploadMachine, paths, harness);

  it('covers every way a queue starts and the outcomes the brief asks for', () => {
    const starts = new Set(paths.map((path) => variantOf(ctx(path.steps[0]!.state))));
    expect([...starts].sort()).toEqual(['fresh', 'generative', 'restored']);
    const ends = (variant: string, done: (c: UploadContext) => boolean) =>
      paths.some((path) => variantOf(ctx(path.steps[0]!.state)) === variant && path.state.matches('done') && done(ctx(path.state)));
    // A queue of two completes; a retried failure completes; a removed file leaves one; a restored queue completes.
    expect(ends('fresh', (c) => c.files.length === 2)).toBe(true);
    expect(ends('fresh', (c) => c.files.length === 1)).toBe(true);
    expect(paths.some((path) => path.state.matches('done') && path.steps.some((step) => step.event.type === 'upload.failed'))).toBe(true);
    expect(ends('restored', (c) => c.files.length === 2)).toBe(true);
  });
});
