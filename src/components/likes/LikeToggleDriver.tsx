// The like toggle's behaviour, loaded after the first render (kept out of the first-load bundle): the likeToggle
// machine, the account's likes and the notices. It renders nothing; LikeButton draws what it reports.
import { useEffect, useRef, type RefObject } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import type { ApiKeyCredentials } from '../../services/authFetch';
import { provideLikeToggle, useAccountLikes } from '../../services/likes';
import { useTokenPatch } from '../../services/live/tokenPatches';
import { openWalletModal } from '../wallet/walletModalStore';

export interface LikeFace {
  pressed: boolean;
  count: number;
  busy: boolean;
}

export interface LikeToggleDriverProps {
  tokenId: string;
  likesCount: number;
  onChange: (face: LikeFace) => void;
  /** Set while mounted: LikeButton's click sends through it. */
  controller: RefObject<{ toggle(): void } | null>;
  /** A click made before this module loaded, applied once on mount. */
  pendingClick: RefObject<boolean>;
}

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

export function LikeToggleDriver({ tokenId, likesCount, onChange, controller, pendingClick }: LikeToggleDriverProps) {
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
  useEffect(() => {
    onChange({ pressed, count, busy });
  }, [onChange, pressed, count, busy]);
  // Last: the click waiting for this module is applied after the sync above.
  useEffect(() => {
    controller.current = { toggle: () => toggle.send({ type: 'like.toggle' }) };
    if (pendingClick.current) {
      pendingClick.current = false;
      toggle.send({ type: 'like.toggle' });
    }
    return () => {
      controller.current = null;
    };
  }, [toggle, controller, pendingClick]);
  return null;
}
