import type { ReactNode } from 'react';

export interface ContactFieldProps {
  id: string;
  label: string;
  error?: string | null;
  hint?: string;
  children(describedBy: string | undefined): ReactNode;
}

/** A labelled control with its hint and its message (aria-describedby ties both to the control). */
export function ContactField({ id, label, error, hint, children }: ContactFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="contact-field">
      <label htmlFor={id}>{label}</label>
      {children(describedBy)}
      {hint && (
        <p id={hintId} className="contact-field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="contact-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
