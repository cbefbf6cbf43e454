// The like toggle of a token (cards and the token page): the count changes at once and rolls back on failure.
import { useEffect, useRef, type MouseEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import type { ApiKeyCredentials } from '../../services/authFetch';
import { provideLikeToggle, useAccountLikes } from '../../services/likes';
import { useTokenPatch } from '../../services/live/tokenPatches';
import { openWalletModal } from '../wallet/walletModalStore';
import '../../styles/likes.css';

const likesText = (count: number) => `${count} ${count === 1 ? 'like' : 'likes'}`;

/** The signed-in account's credentials, or null unless the session is registered. */
function useRegisteredCredentials(): ApiKeyCredentials | null {
  const wallet = useSystemActor('walletSession');
  const registered = useSelector(wallet, (snapshot) => snapshot.hasTag('registered'));
  const address = useSelector(wallet, (snapshot) => snapshot.context.address);
  const key = useSelector(wallet, (snapshot) => snapshot.context.apiKey?.key ?? null);
  const credentials = useRef<ApiKeyCredentials | null>(null);
  const next = registered && address && key ? { address, key } : null;
  // Same login, same object: effects keyed on it run only when the login changes.
  if (next?.address !== credentials.current?.address || next?.key !== credentials.current?.key) credentials.current = next;
  return credentials.current;
}

/**
 * An accessible toggle (aria-pressed, 'Like'/'Unlike' with the count). Needs a registered account: without one the
 * connect-wallet error shows and the wallet modal opens. On a card it sits beside the card's link, never inside it.
 */
export function LikeButton({ tokenId, likesCount }: { tokenId: string; likesCount: number }) {
  const notifications = useSystemActor('notifications');
  const credentials = useRegisteredCredentials();
  const credentialsRef = useRef(credentials);
  credentialsRef.current = credentials;
  const likes = useAccountLikes(credentials);
  const liked = likes.tokenIds.has(tokenId);
  const patchedCount = useTokenPatch(tokenId)?.likesCount;

  const toggle = useActorRef(provideLikeToggle(() => credentialsRef.current), {
    input: { tokenId, likesCount: patchedCount ?? likesCount, liked, registered: credentials !== null },
  });
  const pressed = useSelector(toggle, (snapshot) => snapshot.matches({ idle: 'liked' }) || snapshot.matches('liking'));
  const count = useSelector(toggle, (snapshot) => snapshot.context.likesCount);
  const busy = useSelector(toggle, (snapshot) => snapshot.hasTag('busy'));

  useEffect(() => {
    toggle.send({ type: 'likes.sync', registered: credentials !== null, liked });
  }, [toggle, credentials, liked]);
  useEffect(() => {
    // A live count (or another view's toggle) for this token; a refetched list brings a new fetched count.
    toggle.send({ type: 'likes.countChanged', likesCount: patchedCount ?? likesCount });
  }, [toggle, patchedCount, likesCount]);
  useEffect(() => {
    const prompts = toggle.on('like.connectWallet', (event) => {
      notifications.send({ type: 'notify.show', kind: 'error', text: event.text });
      openWalletModal();
    });
    const failures = toggle.on('like.failed', (event) => notifications.send({ type: 'notify.show', kind: 'error', text: event.text }));
    return () => {
      prompts.unsubscribe();
      failures.unsubscribe();
    };
  }, [toggle, notifications]);

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    // A card may be clickable as a whole: the like must not open the token.
    event.preventDefault();
    event.stopPropagation();
    toggle.send({ type: 'like.toggle' });
  };

  return (
    <button
      type="button"
      className="like-button"
      aria-pressed={pressed}
      aria-busy={busy || undefined}
      aria-label={`${pressed ? 'Unlike' : 'Like'} (${likesText(count)})`}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2.1 0 3.5 1.2 4.4 2.6h2c.9-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21Z" />
      </svg>
      <span className="like-button-count">{count}</span>
    </button>
  );
}
