// See docs/requirements.md#studio-tokens: the token's image, its required name, an 'add description' box (checked when
// the token has one) revealing a 3-row description, hint texts, Delete and Save. The card machine decides whether
// Save is enabled (the name changed, or the description changed and passes the rule).
import { useSelector } from '@xstate/react';
import { TOKEN_NAME_MAX } from '../../../../domain/studioRules';
import { DESCRIPTION_MAX_LENGTH } from '../../../../domain/textRules';
import type { TokenEditCardActor } from '../../../../machines/studio/tokenEditCardMachine';
import { IMAGE_SIZES, tokenImage } from '../../../../domain/responsiveImage';
import { GatedButton } from '../../../components/offline/networkGate';

export function TokenEditCard({ card }: { card: TokenEditCardActor }) {
  const token = useSelector(card, (snapshot) => snapshot.context.token);
  const name = useSelector(card, (snapshot) => snapshot.context.name);
  const description = useSelector(card, (snapshot) => snapshot.context.description);
  const describe = useSelector(card, (snapshot) => snapshot.context.describe);
  const errors = useSelector(card, (snapshot) => snapshot.context.errors);
  const canSave = useSelector(card, (snapshot) => snapshot.can({ type: 'card.save' }));
  const busy = useSelector(card, (snapshot) => snapshot.hasTag('busy'));
  const id = `token-card-${token.tokenId}`;
  const image = token.thumbnailUrl ?? token.mediaUrl;

  return (
    <article className="studio-token-card" aria-labelledby={`${id}-title`} aria-busy={busy || undefined}>
      <h3 id={`${id}-title`} className="visually-hidden">
        Token {token.tokenId}: {token.name}
      </h3>
      {image ? (
        <img className="studio-token-image" {...tokenImage(image, token.mediaType, IMAGE_SIZES.studioToken)} alt={token.name} width={160} height={160} loading="lazy" decoding="async" />
      ) : (
        <div className="studio-token-image studio-token-image-missing" role="img" aria-label={`${token.name} (no image yet)`} />
      )}
      <form
        className="studio-token-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          card.send({ type: 'card.save' });
        }}
      >
        <div className="form-field">
          <label htmlFor={`${id}-name`}>Token name</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={TOKEN_NAME_MAX}
            required
            aria-invalid={Boolean(errors.name)}
            aria-describedby={`${id}-name-hint${errors.name ? ` ${id}-name-error` : ''}`}
            onChange={(event) => card.send({ type: 'card.name', value: event.target.value })}
          />
          <p id={`${id}-name-hint`} className="field-hint">
            Required, up to {TOKEN_NAME_MAX} characters.
          </p>
          {errors.name && (
            <p id={`${id}-name-error`} className="field-error">
              {errors.name}
            </p>
          )}
        </div>
        <div className="form-check">
          <input id={`${id}-describe`} type="checkbox" checked={describe} onChange={(event) => card.send({ type: 'card.describe', checked: event.target.checked })} />
          <label htmlFor={`${id}-describe`}>add description</label>
        </div>
        {describe && (
          <div className="form-field">
            <label htmlFor={`${id}-description`}>Description</label>
            <textarea
              id={`${id}-description`}
              rows={3}
              value={description}
              maxLength={DESCRIPTION_MAX_LENGTH}
              aria-invalid={Boolean(errors.description)}
              aria-describedby={`${id}-description-hint${errors.description ? ` ${id}-description-error` : ''}`}
              onChange={(event) => card.send({ type: 'card.description', value: event.target.value })}
            />
            <p id={`${id}-description-hint`} className="field-hint">
              Up to {DESCRIPTION_MAX_LENGTH} characters; unchecking the box removes the description.
            </p>
            {errors.description && (
              <p id={`${id}-description-error`} className="field-error">
                {errors.description}
              </p>
            )}
          </div>
        )}
        <div className="studio-actions">
          <GatedButton gate="network" hiddenReason className="button button-danger" disabled={busy} onClick={() => card.send({ type: 'card.delete' })}>
            Delete
          </GatedButton>
          <GatedButton gate="network" type="submit" className="button button-primary" disabled={!canSave || busy}>
            Save
          </GatedButton>
        </div>
      </form>
    </article>
  );
}
