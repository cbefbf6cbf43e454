// See docs/requirements.md#studio-upload "The upload step picks a screen by the collection's media type" and its upload rules: choose files (the
// upload queue checks name, type, count and size), upload them one at a time with a progress bar each, and a file
// whose upload was cut by a reload is resumed, or asked for again when the browser could not keep it.
import { useSelector } from '@xstate/react';
import type { StudioMediaType } from '../../../../domain/studioRules';
import type { ChosenFile, UploadActor } from '../../../../machines/studio/uploadMachine';
import { maxFilesOf } from '../../../../machines/studio/uploadRules';
import { GatedButton } from '../../../components/offline/networkGate';
import { useStudioActor } from '../studioActor';
import { FileChooser } from './FileChooser';
import { UploadFileList } from './UploadFileList';
import { UploadNotes } from './UploadNotes';

const CHOOSE_LABELS: Record<StudioMediaType, string> = {
  image: 'Choose images',
  gif: 'Choose a gif',
  'multipart/image': 'Choose the flipcard image',
  'multipart/mixed': 'Choose the script and its assets',
  video: 'Choose a video',
};

const toChosen = (files: File[]): ChosenFile[] =>
  files.map((file) => ({ name: file.name, size: file.size, type: file.type, lastModified: file.lastModified, blob: file }));

export function UploadStep() {
  const studio = useStudioActor();
  const upload = useSelector(studio, (snapshot) => snapshot.children.upload as UploadActor | undefined);
  const screen = useSelector(studio, (snapshot) => snapshot.context.canvas?.mediaType ?? null);
  if (!upload || !screen) return <p className="studio-status">Loading …</p>;
  return <UploadScreen upload={upload} screen={screen} />;
}

function UploadScreen({ upload, screen }: { upload: UploadActor; screen: StudioMediaType }) {
  const files = useSelector(upload, (snapshot) => snapshot.context.files);
  const problem = useSelector(upload, (snapshot) => snapshot.context.problem);
  const busy = useSelector(upload, (snapshot) => snapshot.hasTag('busy'));
  const canStart = useSelector(upload, (snapshot) => snapshot.can({ type: 'upload.start' }));
  const multiple = maxFilesOf(screen) > 1;
  const full = !multiple && files.some((file) => !file.needsFile);
  const add = (chosen: File[]) => upload.send({ type: 'upload.add', files: toChosen(chosen) });

  return (
    <section className="studio-upload" aria-labelledby="studio-upload-title">
      <h2 id="studio-upload-title" className="visually-hidden">
        Files
      </h2>
      <UploadNotes screen={screen} />
      {!full && <FileChooser id="studio-upload-files" label={CHOOSE_LABELS[screen]} screen={screen} multiple={multiple} onFiles={add} />}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <UploadFileList
        files={files}
        screen={screen}
        onRemove={(key) => upload.send({ type: 'upload.remove', key })}
        onChooseAgain={(file) => add([file])}
      />
      <div className="studio-actions">
        <GatedButton gate="network" className="button button-primary" disabled={!canStart || busy} aria-busy={busy || undefined} onClick={() => upload.send({ type: 'upload.start' })}>
          Upload
        </GatedButton>
      </div>
    </section>
  );
}
