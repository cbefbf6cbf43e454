// See docs/requirements.md#studio-publish: the tokens (12 a page) with Finalize (after a confirmation) and the edits, enabled
// only while the collection is building.
import { useSelector } from '@xstate/react';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog';
import { useStudioActor } from '../studioActor';
import { CanvasTokenGrid } from './CanvasTokenGrid';

export function PreviewStep() {
  const studio = useStudioActor();
  const canvas = useSelector(studio, (snapshot) => snapshot.context.canvas);
  const confirming = useSelector(studio, (snapshot) => snapshot.matches({ preview: 'confirming' }));
  const busy = useSelector(studio, (snapshot) => snapshot.hasTag('busy'));
  const canFinalize = useSelector(studio, (snapshot) => snapshot.can({ type: 'preview.finalize' }));
  const canEdit = useSelector(studio, (snapshot) => snapshot.can({ type: 'preview.edit' }));
  const canEditTokens = useSelector(studio, (snapshot) => snapshot.can({ type: 'preview.tokens' }));
  if (!canvas) return <p className="studio-status">Loading …</p>;
  return (
    <section className="studio-preview" aria-label="Preview">
      <div className="studio-actions">
        <button type="button" className="button" disabled={!canEdit || busy} onClick={() => studio.send({ type: 'preview.edit' })}>
          Edit collection
        </button>
        <button type="button" className="button" disabled={!canEditTokens || busy} onClick={() => studio.send({ type: 'preview.tokens' })}>
          Edit tokens
        </button>
        <button type="button" className="button button-primary" disabled={!canFinalize || busy} aria-busy={busy || undefined} onClick={() => studio.send({ type: 'preview.finalize' })}>
          Finalize
        </button>
      </div>
      <CanvasTokenGrid canvas={canvas} label={`${canvas.name} tokens`} />
      {confirming && (
        <ConfirmDialog
          title="Finalize the collection?"
          message="A finalized collection can no longer be edited: its tokens are numbered for publishing."
          confirmLabel="Finalize"
          onConfirm={() => studio.send({ type: 'preview.confirm' })}
          onCancel={() => studio.send({ type: 'preview.cancel' })}
        />
      )}
    </section>
  );
}
