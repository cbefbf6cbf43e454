import { useSelector } from '@xstate/react';
import { ACHIEVEMENT_MAX, ARTIST_HIGHLIGHTS_MAX } from '../../../domain/artist';
import { shownError, type ArtistProfileActor } from '../../../machines/profile/artistProfileMachine';
import { ArtistTextField } from './ArtistTextField';

/** Highlights: up to 7 rows of a date and an achievement (docs/requirements.md#artists), added and removed. */
export function ArtistHighlightsField({ form }: { form: ArtistProfileActor }) {
  const highlights = useSelector(form, (snapshot) => snapshot.context.values.highlights);
  const context = useSelector(form, (snapshot) => snapshot.context);
  const canAdd = useSelector(form, (snapshot) => snapshot.can({ type: 'highlight.add' }));
  return (
    <fieldset className="artist-profile-group">
      <legend>Highlights</legend>
      <p className="form-hint">{`Up to ${ARTIST_HIGHLIGHTS_MAX} highlights: a date and an achievement each.`}</p>
      <ol className="artist-highlight-rows">
        {highlights.map((highlight, index) => (
          <li key={index} className="artist-highlight-row">
            <ArtistTextField
              id={`artist-highlight-${index}-date`}
              label={`Highlight ${index + 1} date`}
              type="date"
              maxLength={10}
              required
              value={highlight.date}
              error={shownError(context, `highlights.${index}.date`)}
              onChange={(value) => form.send({ type: 'highlight.change', index, field: 'date', value })}
            />
            <ArtistTextField
              id={`artist-highlight-${index}-achievement`}
              label={`Highlight ${index + 1} achievement`}
              maxLength={ACHIEVEMENT_MAX}
              required
              value={highlight.achievement}
              error={shownError(context, `highlights.${index}.achievement`)}
              onChange={(value) => form.send({ type: 'highlight.change', index, field: 'achievement', value })}
            />
            <button type="button" className="button" onClick={() => form.send({ type: 'highlight.remove', index })}>
              {`Remove highlight ${index + 1}`}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="button" disabled={!canAdd} onClick={() => form.send({ type: 'highlight.add' })}>
        Add highlight
      </button>
    </fieldset>
  );
}
