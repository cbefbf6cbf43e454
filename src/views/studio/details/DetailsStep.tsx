// Seed 001 §2 "Collection details form", §5: name, symbol, description, royalties, supply, media type (locked once the
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
} from '../../../../domain/studio';
import { detailsFieldsOf } from '../../../../machines/studio/studioDetails';
import type { DetailsField } from '../../../../machines/studio/studioTypes';
import { CropUploadEditor } from '../../../components/upload/CropUploadEditor';
import { useStudioActor } from '../studioActor';
import { TextField } from './TextField';

const HINTS: Partial<Record<DetailsField, string>> = {
  name: `Up to ${COLLECTION_NAME_MAX} characters.`,
  symbol: `Up to ${COLLECTION_SYMBOL_MAX} characters, e.g. SUN.`,
  royaltiesBasispoints: `In basis points, 0 to ${ROYALTIES_MAX}: 100 basis points are 1%.`,
  supplyPerToken: 'How many editions of each token are minted.',
  seedVariableName: `The name of the variable your script reads its seed from (up to ${SEED_TEXT_MAX} characters).`,
};

export function DetailsStep({ mode }: { mode: 'details' | 'update' }) {
  const studio = useStudioActor();
  const values = useSelector(studio, (snapshot) => snapshot.context.details.values);
  const errors = useSelector(studio, (snapshot) => snapshot.context.details.errors);
  const formError = useSelector(studio, (snapshot) => snapshot.context.details.formError);
  const canvas = useSelector(studio, (snapshot) => snapshot.context.canvas);
  const canSubmit = useSelector(studio, (snapshot) => snapshot.can({ type: 'details.submit' }));
  const canCancel = useSelector(studio, (snapshot) => snapshot.can({ type: 'details.cancel' }));
  const busy = useSelector(studio, (snapshot) => snapshot.hasTag('busy'));
  const locked = canvas !== null;
  const fields = detailsFieldsOf(values.mediaType);
  const change = (field: DetailsField) => (value: string) => studio.send({ type: 'details.change', field, value });
  const onCover = useCallback((image: Blob | null) => studio.send({ type: 'details.cover', image }), [studio]);
  const onCoverEditing = useCallback((editing: boolean) => studio.send({ type: 'details.coverEditing', editing }), [studio]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    studio.send({ type: 'details.submit' });
  };

  return (
    <form className="studio-form" onSubmit={submit} noValidate aria-label="Collection details">
      <TextField id="studio-name" label="Name" value={values.name} error={errors.name} hint={HINTS.name} maxLength={COLLECTION_NAME_MAX} onChange={change('name')} required />
      <TextField id="studio-symbol" label="Symbol" value={values.symbol} error={errors.symbol} hint={HINTS.symbol} maxLength={COLLECTION_SYMBOL_MAX} onChange={change('symbol')} required />
      <TextField id="studio-description" label="Description" value={values.description} error={errors.description} onChange={change('description')} multiline required />
      <TextField
        id="studio-royalties"
        label="Royalties (basis points)"
        value={values.royaltiesBasispoints}
        error={errors.royaltiesBasispoints}
        hint={HINTS.royaltiesBasispoints}
        inputMode="numeric"
        onChange={change('royaltiesBasispoints')}
        required
      />
      <TextField
        id="studio-supply"
        label="Supply per token"
        value={values.supplyPerToken}
        error={errors.supplyPerToken}
        hint={HINTS.supplyPerToken}
        inputMode="numeric"
        onChange={change('supplyPerToken')}
        required
      />
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
          <TextField
            id="studio-seed-identifier"
            label="Seed identifier"
            value={values.seedVariableName}
            error={errors.seedVariableName}
            hint={HINTS.seedVariableName}
            maxLength={SEED_TEXT_MAX}
            onChange={change('seedVariableName')}
            required
          />
        </>
      )}
      {fields.includes('rows') && (
        <fieldset className="studio-grid-fields">
          <legend>Flipcard grid</legend>
          <TextField id="studio-rows" label="Rows" value={values.rows} error={errors.rows} inputMode="numeric" onChange={change('rows')} required />
          <TextField id="studio-columns" label="Columns" value={values.columns} error={errors.columns} inputMode="numeric" onChange={change('columns')} required />
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
          value={canvas?.cover ?? null}
          chooseLabel="Choose cover"
          onChange={onCover}
          onEditingChange={onCoverEditing}
        />
      </div>
      {formError && (
        <p className="field-error studio-form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="studio-actions">
        {mode === 'update' && (
          <button type="button" className="button" disabled={!canCancel || busy} onClick={() => studio.send({ type: 'details.cancel' })}>
            Cancel
          </button>
        )}
        <button type="submit" className="button button-primary" disabled={!canSubmit || busy} aria-busy={busy || undefined}>
          {mode === 'update' ? 'Save' : 'Next'}
        </button>
      </div>
    </form>
  );
}
