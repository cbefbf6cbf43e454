import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { fieldError } from '../../../machines/forms/formMachine';
import { DESCRIPTION_MAX_LENGTH } from '../../../domain/textRules';
import { collectionDescription } from '../../../machines/forms/plainValidators';
import { useFlow } from '../../app/flows';
import type { ApiKeyCredentials } from '../../services/authFetch';
import { collectionDescriptionFlow, type DescriptionSaveOutcome as SaveOutcome } from '../../services/flows/collection';
import { focusOnMount } from '../../components/data/focusOnMount';

function DescriptionEditor({
  collectionId,
  initial,
  credentials,
  onClose,
  fieldId,
}: {
  collectionId: string;
  initial: string;
  credentials: ApiKeyCredentials;
  onClose: (saved: string | null) => void;
  fieldId: string;
}) {
  const form = useFlow(collectionDescriptionFlow, {
    input: {
      fields: {
        description: { value: initial, validate: collectionDescription },
        collectionId: { value: collectionId },
        address: { value: credentials.address },
        key: { value: credentials.key },
      },
    },
  });
  const value = useSelector(form, (snapshot) => snapshot.context.values.description);
  const touched = useSelector(form, (snapshot) => Boolean(snapshot.context.touched.description));
  const error = useSelector(form, (snapshot) => fieldError(snapshot.context, 'description'));
  const canSave = useSelector(form, (snapshot) => snapshot.can({ type: 'form.submit' }));
  const busy = useSelector(form, (snapshot) => snapshot.hasTag('busy'));
  const outcome = useSelector(form, (snapshot) => (snapshot.matches('succeeded') ? (snapshot.context.result as SaveOutcome) : null));
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    if (outcome) close.current(outcome.saved);
  }, [outcome]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'form.submit' });
  };

  return (
    <form className="collection-description-form" onSubmit={submit} noValidate aria-label="Edit description">
      <label htmlFor={fieldId}>Description</label>
      <textarea
        id={fieldId}
        value={value}
        rows={5}
        maxLength={DESCRIPTION_MAX_LENGTH}
        aria-invalid={Boolean(touched && error)}
        aria-describedby={touched && error ? `${fieldId}-error` : undefined}
        onChange={(event) => form.send({ type: 'field.change', name: 'description', value: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose(null);
        }}
        // The editor opens on the creator's request: the text is where the keyboard goes next.
        ref={focusOnMount}
      />
      {touched && error && (
        <p id={`${fieldId}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="collection-form-actions">
        <button type="submit" className="button button-primary" disabled={!canSave || busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button" onClick={() => onClose(null)} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The description; its creator gets Edit (rule: letters, digits, accented letters, whitespace, basic punctuation). */
export function CollectionDescription({
  collectionId,
  description,
  credentials,
  onSaved,
  fieldId = 'collection-description',
}: {
  collectionId: string;
  description: string | null | undefined;
  credentials: ApiKeyCredentials | null;
  onSaved: (description: string) => void;
  /** Unique per page: a page with several editors (the dashboard's My creations) passes its own. */
  fieldId?: string;
}) {
  const [editing, setEditing] = useState(false);
  const [shown, setShown] = useState(description ?? '');
  const [lastProp, setLastProp] = useState(description);
  if (description !== lastProp) {
    // A reload of the collection brings the server's text.
    setLastProp(description);
    setShown(description ?? '');
  }

  if (editing && credentials) {
    return (
      <DescriptionEditor
        collectionId={collectionId}
        initial={shown}
        credentials={credentials}
        fieldId={fieldId}
        onClose={(saved) => {
          setEditing(false);
          if (saved !== null) {
            setShown(saved);
            onSaved(saved);
          }
        }}
      />
    );
  }
  return (
    <div className="collection-description">
      {shown ? <p>{shown}</p> : <p className="collection-description-empty">No description yet.</p>}
      {credentials && (
        <button type="button" className="button" onClick={() => setEditing(true)} aria-label="Edit description">
          Edit
        </button>
      )}
    </div>
  );
}
