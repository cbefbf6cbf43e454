// A labelled file input that is also a drop zone (keyboard: the input itself is focusable and opens the chooser).
// The phone-performance work: the native input is visually hidden (it said 'No file chosen' once the queue took the files); its label is
// drawn as the app's button (the focus ring follows the input's focus) and a line says what was last chosen.
import { useState, type DragEvent } from 'react';
import { ACCEPTED_EXTENSIONS, type StudioMediaType } from '../../../../domain/studioRules';

export function acceptList(extensions: readonly string[]): string {
  return extensions.map((extension) => `.${extension}`).join(',');
}

/** What the last choice (or drop) was: '3 files chosen', 'dawn.png chosen', or nothing yet. */
export function chosenText(names: readonly string[]): string {
  if (names.length === 0) return 'No files chosen yet';
  if (names.length === 1) return `${names[0]} chosen`;
  return `${names.length} files chosen`;
}

export interface FileChooserProps {
  id: string;
  label: string;
  screen: StudioMediaType;
  multiple: boolean;
  onFiles(files: File[]): void;
}

export function FileChooser({ id, label, screen, multiple, onFiles }: FileChooserProps) {
  const [over, setOver] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const take = (files: File[]) => {
    setChosen(files.map((file) => file.name));
    onFiles(files);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const dropped = Array.from(event.dataTransfer.files);
    if (dropped.length) take(multiple ? dropped : dropped.slice(0, 1));
  };
  return (
    <div
      className={over ? 'studio-drop studio-drop-over' : 'studio-drop'}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <input
        id={id}
        type="file"
        className="studio-file-input"
        accept={acceptList(ACCEPTED_EXTENSIONS[screen])}
        multiple={multiple}
        aria-describedby={`${id}-chosen ${id}-drop`}
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (picked.length) take(picked);
        }}
      />
      <label htmlFor={id} className="button studio-file-label">
        {label}
      </label>
      <p id={`${id}-chosen`} className="studio-file-chosen" aria-live="polite">
        {chosenText(chosen)}
      </p>
      <p id={`${id}-drop`} className="field-hint">
        or drop {multiple ? 'files' : 'a file'} here
      </p>
    </div>
  );
}
