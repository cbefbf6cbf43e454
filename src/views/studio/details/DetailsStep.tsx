// See docs/requirements.md#studio-details-form: name, symbol, description, royalties, supply, media type (locked once the
// collection exists), the square cover, the generative library (p5 only, disabled) and seed identifier, the flipcard
// grid. The rules and messages are the studio machine's (domain/studio.ts); this view shows them and sends changes.
import { useCallback, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import {
  COLLECTION_NAME_MAX,
  COLLECTION_SYMBOL_MAX,
  MEDIA_TYPE_LABELS,
  ROYALTIES_MAX,
  SEED_TEXT_MAX,
  STUDIO_MEDIA_TYPES,
} from '../../../../domain/studioRules';
import { draftFileNotKeptMessage } from '../../../../domain/drafts';
import { detailsFieldsOf } from '../../../../machines/studio/studioDetails';
import type { DetailsField } from '../../../../machines/studio/studioTypes';
import { GatedButton } from '../../../components/offline/networkGate';
import { CropUploadEditor } from '../../../components/upload/CropUploadEditor';
import { useObjectUrl } from '../../../components/upload/useObjectUrl';
import { useStudioActor } from '../studioActor';
import { TextField } from '../../../components/forms/Field';

const HINTS: Partial<Record<DetailsField, string>> = {
  name: `Up to ${COLLECTION_NAME_MAX} characters.`,
  symbol: `Up to ${COLLECTION_SYMBOL_MAX} characters, e.g. SUN.`,
  royaltiesBasispoints: `In basis points, 0 to ${ROYALTIES_MAX}: 100 basis points are 1%.`,
  supplyPerToken: 'How many editions of each token are minted.',
  seedVariableName: `The name of the variable your script reads its seed from (up to ${SEED_TEXT_MAX} characters).`,
};

/** Why Next (or Save) is disabled while the cover's crop editor is open. */
export const CROP_HINT = 'Apply or cancel the cover crop to continue.';
const CROP_HINT_ID = 'studio-crop-hint';

type TextDetailsField = Exclude<DetailsField, 'mediaType'>;

/** One text field of the form: every one is required, with its hint (if any) and its message from the machine. */
interface FieldSpec {
  field: TextDetailsField;
  id: string;
  label: string;
  maxLength?: number;
  inputMode?: 'numeric';
  multiline?: boolean;
}

const COMMON_FIELDS: FieldSpec[] = [
  { field: 'name', id: 'studio-name', label: 'Name', maxLength: COLLECTION_NAME_MAX },
  { field: 'symbol', id: 'studio-symbol', label: 'Symbol', maxLength: COLLECTION_SYMBOL_MAX },
  { field: 'description', id: 'studio-description', label: 'Description', multiline: true },
  { field: 'royaltiesBasispoints', id: 'studio-royalties', label: 'Royalties (basis points)', inputMode: 'numeric' },
  { field: 'supplyPerToken', id: 'studio-supply', label: 'Supply per token', inputMode: 'numeric' },
];
const SEED_FIELD: FieldSpec = { field: 'seedVariableName', id: 'studio-seed-identifier', label: 'Seed identifier', maxLength: SEED_TEXT_MAX };
const GRID_FIELDS: FieldSpec[] = [
  { field: 'rows', id: 'studio-rows', label: 'Rows', inputMode: 'numeric' },
  { field: 'columns', id: 'studio-columns', label: 'Columns', inputMode: 'numeric' },
];

export function DetailsStep({ mode }: { mode: 'details' | 'update' }) {
  const studio = useStudioActor();
  const values = useSelector(studio, (snapshot) => snapshot.context.details.values);
  const errors = useSelector(studio, (snapshot) => snapshot.context.details.errors);
  const formError = useSelector(studio, (snapshot) => snapshot.context.details.formError);
  const canvas = useSelector(studio, (snapshot) => snapshot.context.canvas);
  // A cropped cover not saved yet (also one kept across a reload) is shown instead of the saved one.
  const keptCover = useObjectUrl(useSelector(studio, (snapshot) => snapshot.context.cover));
  const canSubmit = useSelector(studio, (snapshot) => snapshot.can({ type: 'details.submit' }));
  const canCancel = useSelector(studio, (snapshot) => snapshot.can({ type: 'details.cancel' }));
  const busy = useSelector(studio, (snapshot) => snapshot.hasTag('busy'));
  const locked = canvas !== null;
  const fields = detailsFieldsOf(values.mediaType);
  const textField = ({ field, id, label, maxLength, inputMode, multiline }: FieldSpec) => (
    <TextField
      key={id}
      id={id}
      label={label}
      value={values[field]}
      error={errors[field]}
      hint={HINTS[field]}
      maxLength={maxLength}
      inputMode={inputMode}
      multiline={multiline}
      onChange={(value) => studio.send({ type: 'details.change', field, value })}
      required
    />
  );
  const onCover = useCallback((image: Blob | null) => studio.send({ type: 'details.cover', image }), [studio]);
  const onCoverEditing = useCallback((editing: boolean, file: File | null) => studio.send({ type: 'details.coverEditing', editing, file }), [studio]);
  // A cover chosen and not cropped before a reload: the crop editor reopens with it (read once, when it mounts).
  const coverChoice = useSelector(studio, (snapshot) => snapshot.context.details.coverFile);
  const coverDropped = useSelector(studio, (snapshot) => snapshot.context.details.coverDropped);
  // See docs/requirements.md#studio-details-form: Next stays disabled while the crop editor is open; the phone-performance work: the hint says why (gone once applied or cancelled).
  const coverEditing = useSelector(studio, (snapshot) => snapshot.context.details.coverEditing);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    studio.send({ type: 'details.submit' });
  };

  return (
    <form className="studio-form" onSubmit={submit} noValidate aria-label="Collection details">
      {COMMON_FIELDS.map(textField)}
      <div className="form-field">
        <label htmlFor="studio-media-type">Media type</label>
        <select
          id="studio-media-type"
          value={values.mediaType}
          disabled={locked}
          aria-invalid={Boolean(errors.mediaType)}
          aria-describedby={errors.mediaType ? 'studio-media-type-error' : locked ? 'studio-media-type-hint' : undefined}
          onChange={(event) => studio.send({ type: 'details.change', field: 'mediaType', value: event.target.value })}
          required
        >
          <option value="">Choose a media type</option>
          {STUDIO_MEDIA_TYPES.map((type) => (
            <option key={type} value={type}>
              {MEDIA_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
        {locked && (
          <p id="studio-media-type-hint" className="field-hint">
            The media type cannot change once the collection exists.
          </p>
        )}
        {errors.mediaType && (
          <p id="studio-media-type-error" className="field-error">
            {errors.mediaType}
          </p>
        )}
      </div>
      {values.mediaType === 'multipart/mixed' && (
        <>
          <div className="form-field">
            <label htmlFor="studio-library">Generative library</label>
            <select id="studio-library" value="p5" disabled aria-describedby="studio-library-hint">
              <option value="p5">p5.js</option>
            </select>
            <p id="studio-library-hint" className="field-hint">
              Sketches run with p5.js.
            </p>
          </div>
          {textField(SEED_FIELD)}
        </>
      )}
      {fields.includes('rows') && (
        <fieldset className="studio-grid-fields">
          <legend>Flipcard grid</legend>
          {GRID_FIELDS.map(textField)}
        </fieldset>
      )}
      <div className="form-field studio-cover">
        <span className="field-label" id="studio-cover-label">
          Cover
        </span>
        <CropUploadEditor
          label="Cover image"
          aspect={1}
          accept={['jpg', 'jpeg', 'png']}
          value={keptCover ?? canvas?.cover ?? null}
          chooseLabel="Choose cover"
          onChange={onCover}
          onEditingChange={onCoverEditing}
          restoredFile={coverChoice}
        />
        {coverDropped && (
          <p className="field-error" role="status">
            {draftFileNotKeptMessage(coverDropped)}
          </p>
        )}
      </div>
      {formError && (
        <p className="field-error studio-form-error" role="alert">
          {formError}
        </p>
      )}
      {coverEditing && (
        <p id={CROP_HINT_ID} className="field-hint studio-crop-hint">
          {CROP_HINT}
        </p>
      )}
      <div className="studio-actions">
        {mode === 'update' && (
          <button type="button" className="button" disabled={!canCancel || busy} onClick={() => studio.send({ type: 'details.cancel' })}>
            Cancel
          </button>
        )}
        <GatedButton
          gate="network"
          type="submit"
          className="button button-primary"
          disabled={!canSubmit || busy}
          aria-busy={busy || undefined}
          aria-describedby={coverEditing ? CROP_HINT_ID : undefined}
        >
          {mode === 'update' ? 'Save' : 'Next'}
        </GatedButton>
      </div>
    </form>
  );
}
