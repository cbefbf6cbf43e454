import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { ARTIST_DESCRIPTION_MAX, ARTIST_NAME_MAX, HANDLE_MAX, WEBSITE_MAX } from '../../../domain/artist';
import type { ArtistProfileValues, ArtistRecord, ArtistTextField as TextFieldName, ArtworkChoice } from '../../../machines/profile/artistProfileForm';
import { shownError } from '../../../machines/profile/artistProfileMachine';
import { useFlow } from '../../app/flows';
import { artistProfileFormFlow } from '../../services/flows/profile';
import { GateReason, useNetworkGate } from '../../components/offline/networkGate';
import { ArtistCoverField } from './ArtistCoverField';
import { ArtistHighlightsField } from './ArtistHighlightsField';
import { ArtistPortfolioField } from './ArtistPortfolioField';
import { ArtistTextField } from './ArtistTextField';

export interface ArtistProfileFormProps {
  address: string;
  record: ArtistRecord | null;
  /** Unsaved values kept across a reload: the form starts from them. */
  draft: ArtistProfileValues | null;
  artworks: ArtworkChoice[];
  maxFileSize: number;
}

interface TextSpec {
  name: TextFieldName;
  label: string;
  maxLength: number;
  multiline?: boolean;
  required?: boolean;
  type?: 'text' | 'url';
  hint?: string;
}

const NAME_FIELDS: TextSpec[] = [
  { name: 'firstName', label: 'First name', maxLength: ARTIST_NAME_MAX, required: true, hint: `Letters only, up to ${ARTIST_NAME_MAX}.` },
  { name: 'lastName', label: 'Last name', maxLength: ARTIST_NAME_MAX, hint: `Letters only, up to ${ARTIST_NAME_MAX}.` },
  { name: 'description', label: 'Description', maxLength: ARTIST_DESCRIPTION_MAX, multiline: true },
];
const SOCIAL_FIELDS: TextSpec[] = [
  { name: 'web', label: 'Website', maxLength: WEBSITE_MAX, type: 'url', hint: 'https://…' },
  { name: 'twitter', label: 'X handle', maxLength: HANDLE_MAX },
  { name: 'instagram', label: 'Instagram handle', maxLength: HANDLE_MAX },
];

/**
 * The artist profile form (the artists' pages): the values and rules live in artistProfileMachine; this renders them and sends
 * what is typed. Save validates: every message shows and nothing is sent while a field is invalid.
 */
export function ArtistProfileForm({ address, record, draft, artworks, maxFileSize }: ArtistProfileFormProps) {
  const form = useFlow(artistProfileFormFlow, { input: { address, record, draft, maxFileSize } });
  const context = useSelector(form, (snapshot) => snapshot.context);
  const busy = useSelector(form, (snapshot) => snapshot.hasTag('busy'));
  const gate = useNetworkGate('network');
  const { values } = context;

  const text = (spec: TextSpec) => (
    <ArtistTextField
      key={spec.name}
      id={`artist-${spec.name}`}
      label={spec.label}
      maxLength={spec.maxLength}
      multiline={spec.multiline}
      required={spec.required}
      type={spec.type}
      hint={spec.hint}
      value={values[spec.name]}
      error={shownError(context, spec.name)}
      onChange={(value) => form.send({ type: 'field.change', name: spec.name, value })}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'form.submit' });
  };
  // A featured artwork the choices no longer list (its collection left the marketplace) stays selectable.
  const featuredKnown = values.featuredArtwork === '' || artworks.some((artwork) => artwork.id === values.featuredArtwork);

  return (
    <form className="artist-profile-form" onSubmit={submit} noValidate aria-label="Artist profile" aria-busy={busy}>
      {context.restored && (
        <div className="artist-profile-draft" role="status">
          <p>Your unsaved changes from your last visit are restored. Save to keep them.</p>
          <button type="button" className="button" disabled={busy} onClick={() => form.send({ type: 'draft.discard' })}>
            Discard changes
          </button>
        </div>
      )}
      <fieldset className="artist-profile-fields" disabled={busy}>
        {NAME_FIELDS.map(text)}
        <fieldset className="artist-profile-group">
          <legend>Social links</legend>
          {SOCIAL_FIELDS.map(text)}
        </fieldset>
        <ArtistCoverField form={form} maxFileSize={maxFileSize} />
        <ArtistHighlightsField form={form} />
        <ArtistPortfolioField form={form} />
        {text({ name: 'about', label: 'About', maxLength: ARTIST_DESCRIPTION_MAX, multiline: true, hint: 'Shown in the About section of your artist page.' })}
        <fieldset className="artist-profile-group">
          <legend>Featured artwork</legend>
          <div className="form-field">
            <label htmlFor="artist-featuredArtwork">Artwork</label>
            <select
              id="artist-featuredArtwork"
              value={values.featuredArtwork}
              aria-invalid={Boolean(shownError(context, 'featuredArtwork'))}
              onChange={(event) => form.send({ type: 'field.change', name: 'featuredArtwork', value: event.target.value })}
            >
              <option value="">None</option>
              {!featuredKnown && <option value={values.featuredArtwork}>{`Artwork ${values.featuredArtwork}`}</option>}
              {artworks.map((artwork) => (
                <option key={artwork.id} value={artwork.id}>
                  {artwork.name}
                </option>
              ))}
            </select>
            {artworks.length === 0 && <p className="form-hint">The artworks you create appear here.</p>}
            {shownError(context, 'featuredArtwork') && <p className="field-error">{shownError(context, 'featuredArtwork')}</p>}
          </div>
          {text({ name: 'featuredArtworkDescription', label: 'Featured artwork description', maxLength: ARTIST_DESCRIPTION_MAX, multiline: true })}
        </fieldset>
      </fieldset>
      {context.submitError && (
        <p className="field-error" role="alert">
          {context.submitError}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={busy || gate.blocked} aria-busy={busy} aria-describedby={gate.describedBy}>
        Save
      </button>
      <GateReason gate={gate} />
    </form>
  );
}
