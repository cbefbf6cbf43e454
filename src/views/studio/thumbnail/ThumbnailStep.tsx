// See docs/requirements.md#studio-upload, "Video screen", "Generative screens": the thumbnail choice. Default thumbnail: the gif
// drawn on a canvas, the video's frame or the generative frame (with its seed shown), saved as a png; custom
// thumbnail: a jpg/jpeg/png cropped square in an editor 40rem tall. Next is disabled without an image or while the
// editor is open; Back (generative) discards the created token.
import { useCallback, useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ThumbnailMode } from '../../../../machines/studio/studioTypes';
import { CropUploadEditor } from '../../../components/upload/CropUploadEditor';
import { StudioLoadFailure, useStudioActor } from '../studioActor';
import { DefaultThumbnail } from './DefaultThumbnail';

const TABS: Array<{ mode: ThumbnailMode; label: string }> = [
  { mode: 'default', label: 'Default thumbnail' },
  { mode: 'custom', label: 'Custom thumbnail' },
];

export function ThumbnailStep() {
  const studio = useStudioActor();
  const id = useId();
  const mode = useSelector(studio, (snapshot) => snapshot.context.thumbnail.mode);
  const canvas = useSelector(studio, (snapshot) => snapshot.context.canvas);
  const token = useSelector(studio, (snapshot) => snapshot.context.workToken?.token ?? null);
  const loading = useSelector(studio, (snapshot) => snapshot.hasTag('loading'));
  const failed = useSelector(studio, (snapshot) => snapshot.matches({ thumbnail: 'failed' }));
  const busy = useSelector(studio, (snapshot) => snapshot.hasTag('busy'));
  const canNext = useSelector(studio, (snapshot) => snapshot.can({ type: 'studio.next' }));
  const canBack = useSelector(studio, (snapshot) => snapshot.can({ type: 'studio.back' }));
  const onImage = useCallback((image: Blob | null) => studio.send({ type: 'thumbnail.image', image, filename: image?.type === 'image/png' ? 'thumbnail.png' : 'thumbnail.jpg' }), [studio]);
  const onEditing = useCallback((editing: boolean) => studio.send({ type: 'thumbnail.editing', editing }), [studio]);

  if (failed) return <StudioLoadFailure message="The token could not be loaded." />;
  if (loading || !canvas || !token) return <p className="studio-status">Loading …</p>;

  const select = (next: ThumbnailMode) => studio.send({ type: 'thumbnail.mode', mode: next });
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = mode === 'default' ? 'custom' : 'default';
    select(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  return (
    <section className="studio-thumbnail" aria-label="Thumbnail">
      <div role="tablist" aria-label="Thumbnail choice" className="studio-tabs" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.mode}
            id={`${id}-tab-${tab.mode}`}
            type="button"
            role="tab"
            aria-selected={mode === tab.mode}
            aria-controls={`${id}-panel`}
            tabIndex={mode === tab.mode ? 0 : -1}
            className={mode === tab.mode ? 'studio-tab studio-tab-selected' : 'studio-tab'}
            onClick={() => select(tab.mode)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${mode}`} className="studio-tab-panel">
        {mode === 'default' ? (
          <DefaultThumbnail canvas={canvas} token={token} />
        ) : (
          <CropUploadEditor label="Custom thumbnail" aspect={1} accept={['jpg', 'jpeg', 'png']} height="40rem" chooseLabel="Choose thumbnail" onChange={onImage} onEditingChange={onEditing} />
        )}
      </div>
      <div className="studio-actions">
        {canBack && (
          <button type="button" className="button" disabled={busy} onClick={() => studio.send({ type: 'studio.back' })}>
            Back
          </button>
        )}
        <button type="button" className="button button-primary" disabled={!canNext || busy} aria-busy={busy || undefined} onClick={() => studio.send({ type: 'studio.next' })}>
          Next
        </button>
      </div>
    </section>
  );
}
