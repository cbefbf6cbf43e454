// Each queued file with its progress bar (bytes and percent), its state, Remove while queued, and — after a reload
// the browser could not keep it through — a chooser for the same file.
import { ACCEPTED_EXTENSIONS, type StudioMediaType } from '../../../../domain/studioRules';
import { needsFileMessage, type UploadEntry } from '../../../../machines/studio/uploadMachine';
import { percentOf, progressText } from '../format';
import { acceptList } from './FileChooser';

const STATUS_TEXT: Record<UploadEntry['status'], string> = {
  pending: 'Waiting',
  uploading: 'Uploading',
  done: 'Uploaded',
  failed: 'Failed',
};

export interface UploadFileListProps {
  files: UploadEntry[];
  screen: StudioMediaType;
  onRemove(key: string): void;
  onChooseAgain(file: File): void;
}

export function UploadFileList({ files, screen, onRemove, onChooseAgain }: UploadFileListProps) {
  if (files.length === 0) return null;
  return (
    <ol className="studio-upload-list" aria-label="Files to upload">
      {files.map((file, index) => {
        const inputId = `studio-again-${index}`;
        return (
          <li key={file.key} className={`studio-upload-file studio-upload-${file.status}`}>
            <div className="studio-upload-head">
              <span className="studio-upload-name">{file.name}</span>
              <span className="studio-upload-state">{file.needsFile ? 'Needs the file again' : STATUS_TEXT[file.status]}</span>
            </div>
            <progress max={file.size || 1} value={file.bytesUploaded} aria-label={`${file.name} upload progress`} aria-valuetext={progressText(file.bytesUploaded, file.size)}>
              {percentOf(file.bytesUploaded, file.size)}%
            </progress>
            <p className="studio-upload-progress">{progressText(file.bytesUploaded, file.size)}</p>
            {file.needsFile && (
              <div className="studio-upload-again">
                <p className="field-error" id={`${inputId}-message`}>
                  {needsFileMessage(file.name)}
                </p>
                <label htmlFor={inputId}>Choose {file.name} again</label>
                <input
                  id={inputId}
                  type="file"
                  accept={acceptList(ACCEPTED_EXTENSIONS[screen])}
                  aria-describedby={`${inputId}-message`}
                  onChange={(event) => {
                    const chosen = event.target.files?.[0];
                    event.target.value = '';
                    if (chosen) onChooseAgain(chosen);
                  }}
                />
              </div>
            )}
            {(file.status === 'pending' || file.status === 'failed') && (
              <button type="button" className="button button-small" onClick={() => onRemove(file.key)} aria-label={`Remove ${file.name}`}>
                Remove
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
