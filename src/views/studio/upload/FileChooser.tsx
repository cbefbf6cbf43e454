// A labelled file input that is also a drop zone (keyboard: the input itself is focusable and opens the chooser).
import { useState, type DragEvent } from 'react';
import { ACCEPTED_EXTENSIONS, type StudioMediaType } from '../../../../domain/studio';

export function acceptList(extensions: readonly string[]): string {
  return extensions.map((extension) => `.${extension}`).join(',');
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
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const dropped = Array.from(event.dataTransfer.files);
    if (dropped.length) onFiles(multiple ? dropped : dropped.slice(0, 1));
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
      <label htmlFor={id} className="studio-drop-label">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={acceptList(ACCEPTED_EXTENSIONS[screen])}
        multiple={multiple}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (chosen.length) onFiles(chosen);
        }}
      />
      <p className="field-hint">or drop {multiple ? 'files' : 'a file'} here</p>
    </div>
  );
}
