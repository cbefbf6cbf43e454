import { Suspense, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { retryableLazy } from '../../app/chunkLoad';
import type { CropStageProps } from './CropStage';
import { acceptAttribute, DEFAULT_IMAGE_EXTENSIONS, imageFileProblem, type CroppedImage } from './cropImage';
import '../../styles/cropUpload.css';

// The crop area (react-easy-crop) loads once a file is chosen (the phone-performance work: out of the first load of the pages showing a
// chooser, the studio's details form among them); the worker precaches its chunk, so it opens offline (offline-first).
const CropStage = retryableLazy<CropStageProps>(() => import('./CropStage').then(({ CropStage }) => ({ default: CropStage })));

/** See docs/requirements.md#shell-routes "Upload editor 850x500, one file". */
export const EDITOR_WIDTH = 850;
export const EDITOR_HEIGHT = 500;

export interface CropUploadEditorProps {
  /** The editor's accessible name ("Cover image", "Crop the avatar"). */
  label: string;
  /** Width / height of the crop: 1 (covers, avatars, thumbnails) or 939/480 (artist cover). */
  aspect?: number;
  /** Accepted file extensions (jpg, jpeg and png unless told). */
  accept?: readonly string[];
  maxFileSize?: number;
  /** CSS height of the crop area: 500px unless told (the gif custom thumbnail editor is 40rem). */
  height?: string;
  /** The cropped image is at most this wide (pixels of the original otherwise). */
  maxOutputWidth?: number;
  /**
   * A file the owner chose and checked itself (the profile, the collection cover machine): the editor crops it and
   * shows no chooser. Without this prop the editor has its own one-file chooser.
   */
  file?: File | null;
  /** The current image, shown (own chooser) until another is applied or it is removed. */
  value?: string | null;
  chooseLabel?: string;
  /** The applied crop (an image and its data-URL preview), or null when the image is removed. */
  onChange(image: Blob | null, preview: string | null): void;
  /** True from choosing a file until its crop is applied or cancelled; the file being cropped comes with true. */
  onEditingChange?(editing: boolean, file: File | null): void;
  /**
   * Own chooser: a file chosen before a reload and not applied yet (a draft the owner kept); the editor reopens its
   * crop with it.
   */
  restoredFile?: Blob | null;
  /** Cancel on the owner's file (own chooser: Cancel keeps the previous image). */
  onCancel?(): void;
}

/** A kept draft as a File (IndexedDB keeps a File as one; a plain Blob gets a name). */
function asFile(blob: Blob | null): File | null {
  if (!blob) return null;
  return blob instanceof File ? blob : new File([blob], 'image', { type: blob.type });
}

/**
 * See docs/requirements.md#shell-routes "file/image upload with crop editor", one for every image in the product: choose one file (name, type
 * and size checked; a refused file says why), crop it in an 850×500 area at the given aspect, zoom, Apply or Cancel.
 */
export function CropUploadEditor({
  label,
  aspect = 1,
  accept = DEFAULT_IMAGE_EXTENSIONS,
  maxFileSize,
  height = `${EDITOR_HEIGHT}px`,
  maxOutputWidth,
  file: ownerFile,
  value = null,
  chooseLabel = 'Choose image',
  onChange,
  onEditingChange,
  onCancel,
  restoredFile = null,
}: CropUploadEditorProps) {
  const ownChooser = ownerFile === undefined;
  const [chosen, setChosen] = useState<File | null>(() => asFile(restoredFile));
  const [lastFile, setLastFile] = useState<File | null>(null);
  const [applied, setApplied] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const file = ownChooser ? chosen : ownerFile;
  const editing = file !== null;

  // Reported to the owner (the studio disables Next meanwhile); the first report is only a change from false.
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current === editing) return;
    reported.current = editing;
    onEditingChange?.(editing, file);
  }, [editing, file, onEditingChange]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.files?.[0];
    event.target.value = '';
    if (!next) return;
    const refused = imageFileProblem(next, accept, maxFileSize);
    setProblem(refused);
    if (refused) return;
    setChosen(next);
    setLastFile(next);
  };

  const apply = ({ image, preview }: CroppedImage) => {
    setChosen(null);
    setApplied(preview);
    setRemoved(false);
    onChange(image, preview);
  };
  const cancel = () => {
    setChosen(null);
    onCancel?.();
  };
  const remove = () => {
    setApplied(null);
    setRemoved(true);
    setLastFile(null);
    onChange(null, null);
  };

  const shown = applied ?? (removed ? null : value);
  return (
    <div className="crop-upload" role="group" aria-label={label} style={{ maxWidth: `${EDITOR_WIDTH}px` }}>
      {ownChooser && !editing && (
        <div className="crop-upload-current">
          {shown ? (
            <img className="crop-upload-preview" src={shown} alt={`${label}: the chosen image`} style={{ aspectRatio: String(aspect) }} />
          ) : (
            <p className="crop-upload-hint">{`One ${accept.map((extension) => extension.toUpperCase()).join(', ')} file.`}</p>
          )}
          <div className="crop-upload-buttons">
            <input
              ref={input}
              type="file"
              accept={acceptAttribute(accept)}
              className="visually-hidden"
              tabIndex={-1}
              aria-label={`${label} file`}
              onChange={onFile}
            />
            <button type="button" className="button" onClick={() => input.current?.click()}>
              {shown ? 'Change image' : chooseLabel}
            </button>
            {shown && lastFile && (
              <button type="button" className="button" onClick={() => setChosen(lastFile)}>
                Edit crop
              </button>
            )}
            {shown && (
              <button type="button" className="button" onClick={remove}>
                Remove
              </button>
            )}
          </div>
        </div>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {file && (
        <Suspense
          fallback={
            <div className="crop-stage" aria-busy="true">
              <div className="crop-stage-area" style={{ height }} />
            </div>
          }
        >
          <CropStage
            key={`${file.name}:${file.size}:${file.lastModified}`}
            file={file}
            aspect={aspect}
            height={height}
            maxOutputWidth={maxOutputWidth}
            onApply={apply}
            onCancel={cancel}
          />
        </Suspense>
      )}
    </div>
  );
}
