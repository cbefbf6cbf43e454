// The like toggle of a token (cards and the token page): the count changes at once and rolls back on failure.
// The button draws at once from the fetched (or live) count; its behaviour (LikeToggleDriver: the likeToggle
// machine and the account's likes) loads when the browser is idle or on the first pointer, focus or click.
import { useCallback, useEffect, useRef, useState, type ComponentType, type MouseEvent } from 'react';
import { useTokenPatch } from '../../services/live/tokenPatches';
import type { LikeFace, LikeToggleDriverProps } from './LikeToggleDriver';
import '../../styles/likes.css';

const likesText = (count: number) => `${count} ${count === 1 ? 'like' : 'likes'}`;

type Driver = ComponentType<LikeToggleDriverProps>;
let driver: Driver | null = null;
let loading: Promise<Driver> | null = null;

/** One import for every button; resolves with the driver component. */
function loadDriver(): Promise<Driver> {
  loading ??= import('./LikeToggleDriver').then((module) => (driver = module.LikeToggleDriver));
  return loading;
}

function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}

/** The driver once loaded (null before), and a function that loads it now. */
function useDriver(): [Driver | null, () => void] {
  const [loaded, setLoaded] = useState<Driver | null>(() => driver);
  const load = useCallback(() => {
    if (!driver) void loadDriver().then((component) => setLoaded(() => component));
  }, []);
  useEffect(() => {
    if (driver) return;
    let active = true;
    const cancel = whenIdle(() => void loadDriver().then((component) => active && setLoaded(() => component)));
    return () => {
      active = false;
      cancel();
    };
  }, []);
  return [loaded ?? driver, load];
}

/**
 * An accessible toggle (aria-pressed, 'Like'/'Unlike' with the count). Needs a registered account: without one the
 * connect-wallet error shows and the wallet modal opens. On a card it sits beside the card's link, never inside it.
 */
export function LikeButton({ tokenId, likesCount }: { tokenId: string; likesCount: number }) {
  const patchedCount = useTokenPatch(tokenId)?.likesCount;
  const [Driver, load] = useDriver();
  const [face, setFace] = useState<LikeFace | null>(null);
  const controller = useRef<{ toggle(): void } | null>(null);
  const pendingClick = useRef(false);
  const pressed = face?.pressed ?? false;
  const count = face?.count ?? patchedCount ?? likesCount;

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    // A card may be clickable as a whole: the like must not open the token.
    event.preventDefault();
    event.stopPropagation();
    if (controller.current) {
      controller.current.toggle();
    } else {
      pendingClick.current = true;
      load();
    }
  };

  return (
    <>
      <button
        type="button"
        className="like-button"
        aria-pressed={pressed}
        aria-busy={face?.busy || undefined}
        aria-label={`${pressed ? 'Unlike' : 'Like'} (${likesText(count)})`}
        onClick={onClick}
        onPointerEnter={load}
        onFocus={load}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2.1 0 3.5 1.2 4.4 2.6h2c.9-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21Z" />
        </svg>
        <span className="like-button-count">{count}</span>
      </button>
      {Driver && <Driver tokenId={tokenId} likesCount={likesCount} onChange={setFace} controller={controller} pendingClick={pendingClick} />}
    </>
  );
}
