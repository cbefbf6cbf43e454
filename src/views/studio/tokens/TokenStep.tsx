// See docs/requirements.md#studio-tokens: a scrolling list of token edit cards, 6 at a time; add tokens (to the upload) and Next
// (to the preview). Each card is a child of the studio machine, found by its token id.
import { useSelector } from '@xstate/react';
import { tokenCardId } from '../../../../machines/studio/studioMachine';
import type { TokenEditCardActor } from '../../../../machines/studio/tokenEditCardMachine';
import { StudioLoadFailure, useStudioActor } from '../studioActor';
import { TokenEditCard } from './TokenEditCard';

export function TokenStep() {
  const studio = useStudioActor();
  const tokens = useSelector(studio, (snapshot) => snapshot.context.tokens);
  const total = useSelector(studio, (snapshot) => snapshot.context.tokenTotal);
  const cards = useSelector(
    studio,
    (snapshot) => snapshot.context.tokens.map((token) => snapshot.children[tokenCardId(token.tokenId)] as TokenEditCardActor | undefined),
    (a, b) => a.length === b.length && a.every((card, index) => card === b[index]),
  );
  const loading = useSelector(studio, (snapshot) => snapshot.hasTag('loading'));
  const failed = useSelector(studio, (snapshot) => snapshot.matches({ token: 'failed' }));
  const canMore = useSelector(studio, (snapshot) => snapshot.can({ type: 'token.more' }));
  const canAdd = useSelector(studio, (snapshot) => snapshot.can({ type: 'token.add' }));
  const canNext = useSelector(studio, (snapshot) => snapshot.can({ type: 'studio.next' }));

  return (
    <section className="studio-tokens" aria-label="Token details" aria-busy={loading || undefined}>
      {failed && <StudioLoadFailure message="The tokens could not be loaded." />}
      {tokens.length > 0 && (
        <p className="studio-status">
          {tokens.length} of {total} tokens
        </p>
      )}
      <ol className="studio-token-list" aria-label="Tokens">
        {tokens.map((token, index) => {
          const card = cards[index];
          return card ? (
            <li key={token.tokenId}>
              <TokenEditCard card={card} />
            </li>
          ) : null;
        })}
      </ol>
      {loading && <p className="studio-status">Loading …</p>}
      {canMore && (
        <button type="button" className="button" onClick={() => studio.send({ type: 'token.more' })}>
          Show more tokens
        </button>
      )}
      <div className="studio-actions">
        <button type="button" className="button" disabled={!canAdd} onClick={() => studio.send({ type: 'token.add' })}>
          Add tokens
        </button>
        <button type="button" className="button button-primary" disabled={!canNext} onClick={() => studio.send({ type: 'studio.next' })}>
          Next
        </button>
      </div>
    </section>
  );
}
