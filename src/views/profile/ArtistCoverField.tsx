import { useRef, useState, type ChangeEvent } from 'react';
import { useSelector } from '@xstate/react';
import { ARTIST_COVER_ASPECT } from '../../../domain/artist';
import type { ArtistProfileActor } from '../../../machines/profile/artistProfileMachine';
import { IMAGE_SIZES, responsiveImage } from '../../../domain/responsiveImage';
import { LazyCropUploadEditor } from '../../components/upload/LazyCropUploadEditor';
import { imageFileProblem } from '../../components/upload/cropImage';
import { useObjectUrl } from '../../components/upload/useObjectUrl';

const COVER_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
/** The artist page shows the cover full width; twice 939 pixels covers sharp screens. */
const COVER_MAX_WIDTH = 1878;
const PREVIEW_WIDTH = 469;
const PREVIEW_HEIGHT = Math.round(PREVIEW_WIDTH / ARTIST_COVER_ASPECT);

/** The artist cover: one image cropped at 939/480 (docs/requirements.md#artists) in the shared crop editor. */
export function ArtistCoverField({ form, maxFileSize }: { form: ArtistProfileActor; maxFileSize: number }) {
  const newCover = useSelector(form, (snapshot) => snapshot.context.values.cover);
  const storedCover = useSelector(form, (snapshot) => snapshot.context.coverUrl);
  const newCoverUrl = useObjectUrl(newCover);
  const [editing, setEditing] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const shown = newCoverUrl ?? storedCover;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = imageFileProblem(file, COVER_EXTENSIONS, maxFileSize);
    setProblem(refused);
    if (!refused) setEditing(file);
  };

  return (
    <fieldset className="artist-profile-group">
      <legend>Cover</legend>
      {shown ? (
        <img className="artist-cover-preview" {...responsiveImage(shown, IMAGE_SIZES.coverPreview)} alt={newCover ? 'New cover' : 'Current cover'} width={PREVIEW_WIDTH} height={PREVIEW_HEIGHT} />
      ) : (
        <p className="form-hint">No cover yet.</p>
      )}
      <input
        ref={input}
        id="artist-cover-file"
        type="file"
        accept={COVER_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Cover image file"
        onChange={onFile}
      />
      <div className="artist-profile-buttons">
        <button type="button" className="button" onClick={() => input.current?.click()}>
          {shown ? 'Change cover' : 'Choose cover'}
        </button>
        {newCover && (
          <button type="button" className="button" onClick={() => form.send({ type: 'cover.change', image: null })}>
            {storedCover ? 'Keep the current cover' : 'Remove new cover'}
          </button>
        )}
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {editing && (
        <LazyCropUploadEditor
          label="Crop the cover"
          aspect={ARTIST_COVER_ASPECT}
          accept={COVER_EXTENSIONS}
          file={editing}
          maxOutputWidth={COVER_MAX_WIDTH}
          onCancel={() => setEditing(null)}
          onChange={(image) => {
            setEditing(null);
            if (image) form.send({ type: 'cover.change', image });
          }}
        />
      )}
    </fieldset>
  );
}
