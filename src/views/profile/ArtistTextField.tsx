import type { ChangeEvent } from 'react';

export interface ArtistTextFieldProps {
  id: string;
  label: string;
  value: string;
  /** See docs/requirements.md#artists "a max length truncates input". */
  maxLength: number;
  error: string | null;
  onChange(value: string): void;
  multiline?: boolean;
  required?: boolean;
  type?: 'text' | 'url' | 'date';
  hint?: string;
}

/** A labelled input or text area with its message under it (aria-invalid and aria-describedby while it shows). */
export function ArtistTextField({ id, label, value, maxLength, error, onChange, multiline = false, required = false, type = 'text', hint }: ArtistTextFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    maxLength,
    required,
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      )}
      {multiline ? <textarea rows={4} {...common} /> : <input type={type} {...common} />}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
