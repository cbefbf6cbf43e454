import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, setup, type AnyActorRef, type EventObject } from 'xstate';
import { uploadMachine, type ChosenFile, type UploadContext, type UploadFileInput } from '../../../machines/studio/uploadMachine';
import type { UploadScreen } from '../../../machines/studio/uploadRules';

const chosen = (name: string, size: number, type: string): ChosenFile => ({ name, size, type, blob: new Blob([name], { type }) });

/** The upload machine beside a loaded `config` system actor (2 MB files, 5 MB videos) and a notifications recorder. */
function startUpload(screen: UploadScreen) {
  const notices: Array<{ kind: string; text: string }> = [];
  const config = setup({}).createMachine({ context: { config: { maxFileSize: 2_097_152, maxVideoSize: 5_242_880 } } });
  const notifications = setup({}).createMachine({
    on: { 'notify.show': { actions: ({ event }) => notices.push({ kind: event.kind as string, text: event.text as string }) } },
  });
  const upload = uploadMachine.provide({
    actors: { uploadFile: fromCallback<EventObject, UploadFileInput>(() => undefined) },
    actions: { reportFiles: () => {}, reportDone: () => {} },
  });
  const parent = createActor(
    setup({ actors: { upload, notifications, config } }).createMachine({
      invoke: [
        { id: 'config', systemId: 'config', src: 'config' },
        { id: 'notifications', systemId: 'notifications', src: 'notifications' },
        { id: 'upload', src: 'upload', input: { canvasId: 'c5', screen } },
      ],
    }),
  ).start();
  const actor = parent.getSnapshot().children.upload as AnyActorRef;
  const add = (...files: ChosenFile[]) => actor.send({ type: 'upload.add', files });
  const context = () => actor.getSnapshot().context as UploadContext;
  return { parent, add, context, notices };
}

describe('uploadMachine limits (examples)', () => {
  it('behavior: sizes are refused above the config’s maximum file size, videos above its maximum video size', () => {
    const image = startUpload('image');
    image.add(chosen('big.png', 3_000_000, 'image/png'));
    expect(image.notices).toEqual([{ kind: 'error', text: 'The file is larger than 2 MB' }]);
    image.add(chosen('small.png', 2_000_000, 'image/png'));
    expect(image.context().files.map((file) => file.name)).toEqual(['small.png']);
    expect(image.context().problem).toBeNull();
    image.parent.stop();

    const video = startUpload('video');
    video.add(chosen('long.mp4', 6_000_000, 'video/mp4'));
    expect(video.notices).toEqual([{ kind: 'error', text: 'The file is larger than 5 MB' }]);
    video.add(chosen('clip.mp4', 4_000_000, 'video/mp4'));
    expect(video.context().files.map((file) => file.name)).toEqual(['clip.mp4']);
    video.parent.stop();
  });

  it('behavior: gif, flipcard and video screens take one file; a second is refused with its message', () => {
    for (const [screen, first, second] of [
      ['gif', chosen('loop.gif', 1_000, 'image/gif'), chosen('loop2.gif', 1_000, 'image/gif')],
      ['multipart/image', chosen('front.png', 1_000, 'image/png'), chosen('back.png', 1_000, 'image/png')],
      ['video', chosen('clip.webm', 1_000, 'video/webm'), chosen('clip2.webm', 1_000, 'video/webm')],
    ] as const) {
      const run = startUpload(screen);
      run.add(first, second);
      expect(run.context().files.map((file) => file.name)).toEqual([first.name]);
      expect(run.notices).toEqual([{ kind: 'error', text: 'Only one file can be uploaded here' }]);
      run.parent.stop();
    }
  });

  it('behavior: each screen names the types it accepts', () => {
    const gif = startUpload('gif');
    gif.add(chosen('still.png', 1_000, 'image/png'));
    expect(gif.notices).toEqual([{ kind: 'error', text: 'Only gif files can be uploaded here' }]);
    gif.parent.stop();
    const video = startUpload('video');
    video.add(chosen('song.mp3', 1_000, 'audio/mpeg'));
    expect(video.notices).toEqual([{ kind: 'error', text: 'Only mp4, webm, mov files can be uploaded here' }]);
    video.parent.stop();
  });
});
