// See docs/requirements.md#shell-routes "Reusable pieces: confirm dialog": a modal question with a confirm and a cancel button.
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../wallet/useFocusTrap';
import '../../styles/confirm.css';

export interface ConfirmDialogProps {
  title: string;
  message?: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action gets the danger colour. */
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Focus starts on Cancel (the safe choice); Escape and a click outside cancel; focus returns to the opener. */
export function ConfirmDialog({ title, message, confirmLabel, cancelLabel = 'Cancel', danger = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, onCancel);
  return createPortal(
    <div className="modal-backdrop confirm-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onCancel()}>
      <div
        ref={dialogRef}
        className="confirm-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={message ? messageId : undefined}
        tabIndex={-1}
      >
        <h2 id={titleId}>{title}</h2>
        {message && <p id={messageId}>{message}</p>}
        <div className="confirm-actions">
          <button type="button" className="button" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className={danger ? 'button button-danger' : 'button button-primary'} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
