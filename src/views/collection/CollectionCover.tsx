import { useRef, type ChangeEvent } from 'react';
import { useSelector } from '@xstate/react';
import { COVER_TYPES, type CollectionCoverActor } from '../../../machines/collection/collectionCoverMachine';
import { IMAGE_SIZES, responsiveImage } from '../../../domain/responsiveImage';
import { LazyCropUploadEditor } from '../../components/upload/LazyCropUploadEditor';

const COVER_SIZE = 480;
/** The stored cover: at most 1024 pixels wide, enough for the 480-pixel cover on a 2x screen. */
const COVER_OUTPUT_WIDTH = 1024;

/**
 * The cover; its creator may replace it: one image, cropped square (docs/requirements.md#validation "crop aspect ... 1 otherwise") with the
 * product's upload-with-crop editor, saved with PUT /api/v1/collection/{id}. A failure shows the error. The editor is a
 * collectionCover actor run by the page (a flow) or by its My creations card (a child).
 */
export function CollectionCover({
  editor,
  name,
  cover,
  fileInputId = 'collection-cover-file',
}: {
  editor: CollectionCoverActor;
  name: string;
  cover: string | null | undefined;
  /** Unique per page: a page with several covers (the dashboard's My creations) passes its own. */
  fileInputId?: string;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const editable = useSelector(editor, (snapshot) => snapshot.context.editor !== null);
  const cropping = useSelector(editor, (snapshot) => (snapshot.matches('cropping') ? snapshot.context.file : null));
  const preview = useSelector(editor, (snapshot) => snapshot.context.preview);
  const problem = useSelector(editor, (snapshot) => snapshot.context.problem);
  const saving = useSelector(editor, (snapshot) => snapshot.hasTag('busy'));

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) editor.send({ type: 'cover.choose', file });
  };

  const shown = preview ?? cover;
  return (
    <div className="collection-cover">
      {shown ? (
        // The page's largest paint (its navigation preloads it: server/http/firstAnswers.ts): asked for at once.
        <img {...responsiveImage(shown, IMAGE_SIZES.collectionCover)} alt={`Cover of ${name}`} width={COVER_SIZE} height={COVER_SIZE} decoding="async" fetchPriority="high" />
      ) : (
        <div className="collection-cover-placeholder" aria-hidden="true" />
      )}
      {editable && (
        <div className="collection-cover-actions">
          <input
            ref={fileInput}
            id={fileInputId}
            type="file"
            accept={COVER_TYPES.join(',')}
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Cover image file"
            onChange={onFile}
          />
          <button type="button" className="button" onClick={() => fileInput.current?.click()} disabled={saving}>
            {saving ? 'Saving cover…' : 'Edit cover'}
          </button>
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
      )}
      {cropping && (
        <LazyCropUploadEditor
          label="Crop the cover"
          file={cropping}
          maxOutputWidth={COVER_OUTPUT_WIDTH}
          onCancel={() => editor.send({ type: 'cover.cancel' })}
          onChange={(image, dataUrl) => {
            if (image && dataUrl) editor.send({ type: 'cover.apply', image, dataUrl });
          }}
        />
      )}
    </div>
  );
}
