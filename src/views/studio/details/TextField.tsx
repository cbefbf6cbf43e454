// A labelled studio text field with its hint and its message (aria-describedby ties both to the control).

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  error?: string | null;
  hint?: string;
  maxLength?: number;
  inputMode?: 'numeric' | 'text';
  multiline?: boolean;
  rows?: number;
  required?: boolean;
  disabled?: boolean;
  onChange(value: string): void;
}

export function TextField({ id, label, value, error, hint, maxLength, inputMode, multiline, rows = 4, required, disabled, onChange }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    maxLength,
    required,
    disabled,
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy,
  };
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" inputMode={inputMode} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
