// The like toggle of a token (cards and the token page): the count changes at once and rolls back on failure.
// The button draws at once from the token's count (the fetched one, or the live patch every view shares); its flow
// (likeButtonMachine) loads the behaviour when the browser is idle or on the first pointer, focus or click, and
// queues a click made before it is there.
import { useSelector } from '@xstate/react';
import type { MouseEvent } from 'react';
import { useFlow } from '../../app/flows';
import { likeButtonFlow } from '../../services/flows/likes';
import { useTokenPatch } from '../../services/live/tokenPatches';
import { GateReason, useNetworkGate } from '../offline/networkGate';
import '../../styles/likes.css';

const likesText = (count: number) => `${count} ${count === 1 ? 'like' : 'likes'}`;

/**
 * An accessible toggle (aria-pressed, 'Like'/'Unlike' with the count). Needs a registered account: without one the
 * connect-wallet error shows and the wallet modal opens. On a card it sits beside the card's link, never inside it.
 */
export function LikeButton({ tokenId, likesCount }: { tokenId: string; likesCount: number }) {
  const count = useTokenPatch(tokenId)?.likesCount ?? likesCount;
  const flow = useFlow(likeButtonFlow, { input: { tokenId, likesCount } });
  const toggle = useSelector(flow, (snapshot) => snapshot.context.toggle ?? undefined);
  const pressed = useSelector(toggle, (snapshot) => snapshot?.hasTag('pressed') ?? false);
  const busy = useSelector(toggle, (snapshot) => snapshot?.hasTag('busy') ?? false);
  const gate = useNetworkGate('network');

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    // A card may be clickable as a whole: the like must not open the token.
    event.preventDefault();
    event.stopPropagation();
    flow.send({ type: 'like.toggle', likesCount: count });
  };
  const warm = () => flow.send({ type: 'like.warm' });

  return (
    <>
      <button
        type="button"
        className="like-button"
        disabled={gate.blocked}
        title={gate.reason ?? undefined}
        aria-describedby={gate.describedBy}
        aria-pressed={pressed}
        aria-busy={busy || undefined}
        aria-label={`${pressed ? 'Unlike' : 'Like'} (${likesText(count)})`}
        onClick={onClick}
        onPointerEnter={warm}
        onFocus={warm}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2.1 0 3.5 1.2 4.4 2.6h2c.9-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21Z" />
        </svg>
        <span className="like-button-count">{count}</span>
      </button>
      <GateReason gate={gate} hidden />
    </>
  );
}
