// The fullscreen viewer for every media type: the Fullscreen API when the browser allows it, else a modal. Its own
// chunk, fetched the first time the token's fullscreen button is pointed at, focused or pressed (FullscreenControl):
// the button draws with the page, the dialog is not part of its first load.
import { Suspense, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MediaThumbnail, type MediaToken } from './MediaThumbnail';
import { viewerFor } from './viewers';

const FOCUSABLE = 'button:not([disabled]), a[href], iframe:not([tabindex="-1"]), video[controls], audio[controls], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Makes everything but `keep` inert while the viewer is open; returns the undo. */
function inertOthers(keep: HTMLElement): () => void {
  const others = Array.from(document.body.children).filter(
    (element): element is HTMLElement => element instanceof HTMLElement && element !== keep && !element.inert,
  );
  others.forEach((element) => { element.inert = true; });
  return () => others.forEach((element) => { element.inert = false; });
}

export default function FullscreenDialog({ token, onClose }: { token: MediaToken; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // The latest onClose, read by the fullscreenchange listener without re-running the effect.
  // (A ref kept current after each render: the same as React's useEffectEvent, which preact/compat lacks.)
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });
  const [mode, setMode] = useState<'modal' | 'native'>('modal');
  const Viewer = viewerFor(token.mediaType);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    closeRef.current?.focus();
    const restoreInert = inertOthers(dialog);
    let native = false;
    if (document.fullscreenEnabled && typeof dialog.requestFullscreen === 'function') {
      dialog
        .requestFullscreen()
        .then(() => {
          native = true;
          setMode('native');
        })
        .catch(() => undefined); // refused (no user activation, policy): the modal is already showing
    }
    // Esc in native fullscreen is handled by the browser: leaving fullscreen closes the viewer too.
    const onChange = () => {
      if (native && document.fullscreenElement !== dialog) onCloseRef.current();
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      restoreInert();
      if (document.fullscreenElement === dialog) void document.exitFullscreen().catch(() => undefined);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    // Focus stays inside: Tab from the last control goes to the first, Shift+Tab from the first to the last.
    const focusable = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      ref={ref}
      className="media-fullscreen"
      role="dialog"
      aria-modal="true"
      aria-label={`${token.name} (fullscreen)`}
      data-mode={mode}
      onKeyDown={onKeyDown}
    >
      <button ref={closeRef} type="button" className="media-button media-fullscreen-close" onClick={onClose}>
        Close fullscreen
      </button>
      <div className="media media-fullscreen-stage" data-media-type={token.mediaType}>
        <Suspense fallback={<MediaThumbnail token={token} variant="fullscreen" />}>
          {Viewer ? <Viewer token={token} variant="fullscreen" /> : <MediaThumbnail token={token} variant="fullscreen" />}
        </Suspense>
      </div>
    </div>
  );
}
