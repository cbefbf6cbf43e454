import type { ChangeEvent, ReactNode } from 'react';

// A labelled control with its hint and its message; aria-describedby ties both to the control. Every form in the app
// (studio, profile, artist profile, contact) builds its fields from these.

export interface FieldProps {
  id: string;
  label: string;
  error?: string | null;
  hint?: string;
  /** The label marks a required field with an asterisk (hidden from screen readers, which hear `required`). */
  markRequired?: boolean;
  /** The hint above the control (the artist profile's) or below it. */
  hintAbove?: boolean;
  /** The contact form's own classes, or the shared form classes. */
  variant?: 'form' | 'contact';
  /** The control, given the ids that describe it. */
  children(describedBy: string | undefined): ReactNode;
}

export function Field({ id, label, error, hint, markRequired = false, hintAbove = false, variant = 'form', children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const contact = variant === 'contact';
  const hintText = hint && (
    <p id={hintId} className={contact ? 'contact-field-hint' : hintAbove ? 'form-hint' : 'field-hint'}>
      {hint}
    </p>
  );
  return (
    <div className={contact ? 'contact-field' : 'form-field'}>
      <label htmlFor={id}>
        {label}
        {markRequired && <span aria-hidden="true"> *</span>}
      </label>
      {hintAbove && hintText}
      {children(describedBy)}
      {!hintAbove && hintText}
      {error && (
        <p id={errorId} className={contact ? 'contact-field-error' : 'field-error'}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  error?: string | null;
  hint?: string;
  hintAbove?: boolean;
  maxLength?: number;
  inputMode?: 'numeric' | 'text';
  type?: 'text' | 'email' | 'url' | 'date';
  multiline?: boolean;
  rows?: number;
  required?: boolean;
  markRequired?: boolean;
  disabled?: boolean;
  onChange(value: string): void;
}

/** A labelled text input (or text area) with its hint and its message. */
export function TextField({ value, maxLength, inputMode, type = 'text', multiline = false, rows = 4, required, disabled, onChange, ...field }: TextFieldProps) {
  return (
    <Field {...field}>
      {(describedBy) => {
        const common = {
          id: field.id,
          value,
          maxLength,
          required,
          disabled,
          'aria-invalid': Boolean(field.error),
          'aria-describedby': describedBy,
          onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
        };
        return multiline ? <textarea {...common} rows={rows} /> : <input {...common} type={type} inputMode={inputMode} />;
      }}
    </Field>
  );
}
