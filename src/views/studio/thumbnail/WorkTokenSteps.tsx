// The flipcard's "save preview" step (docs/requirements.md#studio-upload: upload then preview, with a back action) and the
// generative token creation (seed value and token name, max 50 each).
import { useSelector } from '@xstate/react';
import { SEED_TEXT_MAX, TOKEN_NAME_MAX } from '../../../../domain/studioRules';
import { TokenMedia } from '../../../components/media/TokenMedia';
import { studioMediaToken } from '../../../services/studio/studioMedia';
import { TextField } from '../../../components/forms/Field';
import { useStudioActor } from '../studioActor';

export function FlipcardPreviewStep() {
  const studio = useStudioActor();
  const canvas = useSelector(studio, (snapshot) => snapshot.context.canvas);
  const token = useSelector(studio, (snapshot) => snapshot.context.workToken?.token ?? null);
  const loading = useSelector(studio, (snapshot) => snapshot.hasTag('loading'));
  const busy = useSelector(studio, (snapshot) => snapshot.hasTag('busy'));
  const canNext = useSelector(studio, (snapshot) => snapshot.can({ type: 'studio.next' }));
  const canBack = useSelector(studio, (snapshot) => snapshot.can({ type: 'studio.back' }));
  return (
    <section className="studio-flipcard" aria-label="Flipcard preview">
      {loading || !canvas ? (
        <p className="studio-status">Loading …</p>
      ) : token ? (
        <div className="studio-flipcard-media">
          <TokenMedia token={studioMediaToken(canvas, token)} variant="detail" />
        </div>
      ) : (
        <p className="studio-status">The flipcard could not be loaded.</p>
      )}
      <div className="studio-actions">
        <button type="button" className="button" disabled={!canBack || busy} onClick={() => studio.send({ type: 'studio.back' })}>
          Back
        </button>
        <button type="button" className="button button-primary" disabled={!canNext || busy} onClick={() => studio.send({ type: 'studio.next' })}>
          Next
        </button>
      </div>
    </section>
  );
}

export function GenerativeTokenStep() {
  const studio = useStudioActor();
  const values = useSelector(studio, (snapshot) => snapshot.context.generative.values);
  const errors = useSelector(studio, (snapshot) => snapshot.context.generative.errors);
  const busy = useSelector(studio, (snapshot) => snapshot.hasTag('busy'));
  const canCreate = useSelector(studio, (snapshot) => snapshot.can({ type: 'generative.create' }));
  return (
    <form
      className="studio-form"
      aria-label="Create token"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        studio.send({ type: 'generative.create' });
      }}
    >
      <TextField
        id="studio-seed-value"
        label="Seed value"
        value={values.seedValue}
        error={errors.seedValue}
        hint={`The value your script reads as its seed (up to ${SEED_TEXT_MAX} characters).`}
        maxLength={SEED_TEXT_MAX}
        onChange={(value) => studio.send({ type: 'generative.change', field: 'seedValue', value })}
        required
      />
      <TextField
        id="studio-token-name"
        label="Token name"
        value={values.name}
        error={errors.name}
        hint={`Up to ${TOKEN_NAME_MAX} characters.`}
        maxLength={TOKEN_NAME_MAX}
        onChange={(value) => studio.send({ type: 'generative.change', field: 'name', value })}
        required
      />
      <div className="studio-actions">
        <button type="submit" className="button button-primary" disabled={!canCreate || busy} aria-busy={busy || undefined}>
          Create token
        </button>
      </div>
    </form>
  );
}
