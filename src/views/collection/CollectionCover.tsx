import { useRef, useState, type ChangeEvent } from 'react';
import { useSelector } from '@xstate/react';
import { fileName } from '../../../machines/forms/validators';
import { useSystemActor } from '../../app/appActorContext';
import type { ApiKeyCredentials } from '../../services/authFetch';
import { updateCollection } from '../../services/collection';
import { AvatarCropEditor } from '../profile/AvatarCropEditor';

const COVER_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const COVER_SIZE = 480;
const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Unexpected error');

/**
 * The cover; its creator may replace it: one image, cropped square (seed 000 §5 "crop aspect ... 1 otherwise") with the
 * profile's crop editor, saved with PUT /api/v1/collection/{id}. A failure shows the error.
 */
export function CollectionCover({
  collectionId,
  name,
  cover,
  credentials,
  onSaved,
  fileInputId = 'collection-cover-file',
}: {
  collectionId: string;
  name: string;
  cover: string | null | undefined;
  credentials: ApiKeyCredentials | null;
  onSaved: () => Promise<void> | void;
  /** Unique per page: a page with several covers (the dashboard's My creations) passes its own. */
  fileInputId?: string;
}) {
  const notifications = useSystemActor('notifications');
  const config = useSystemActor('config');
  const maxFileSize = useSelector(config, (snapshot) => snapshot.context.config?.maxFileSize ?? 10_485_760);
  const fileInput = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const fileProblem =
      fileName(file.name, {}) ??
      (!COVER_TYPES.includes(file.type) ? 'Choose a PNG, JPEG, WebP or GIF image.' : null) ??
      (file.size > maxFileSize ? `The image is larger than ${Math.round(maxFileSize / 1_048_576)} MB.` : null);
    setProblem(fileProblem);
    if (!fileProblem) setEditing(file);
  };

  const save = async (image: Blob, dataUrl: string) => {
    if (!credentials) return;
    setEditing(null);
    setSaving(true);
    setProblem(null);
    setPreview(dataUrl);
    try {
      await updateCollection(credentials, collectionId, { cover: image });
      await onSaved();
      // The reloaded collection names the stored cover now.
      setPreview(null);
    } catch (error) {
      setPreview(null);
      setProblem(errorText(error));
      notifications.send({ type: 'notify.show', kind: 'error', text: errorText(error) });
    } finally {
      setSaving(false);
    }
  };

  const shown = preview ?? cover;
  return (
    <div className="collection-cover">
      {shown ? (
        <img src={shown} alt={`Cover of ${name}`} width={COVER_SIZE} height={COVER_SIZE} decoding="async" />
      ) : (
        <div className="collection-cover-placeholder" aria-hidden="true" />
      )}
      {credentials && (
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
      {editing && <AvatarCropEditor file={editing} onCancel={() => setEditing(null)} onApply={(image, dataUrl) => void save(image, dataUrl)} />}
    </div>
  );
}
