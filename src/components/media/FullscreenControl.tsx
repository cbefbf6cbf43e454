// The detail viewer's fullscreen button. It draws with the page; the fullscreen dialog (./FullscreenViewer.tsx, its
// own chunk) is fetched when the button is first pointed at or focused (so a press opens it at once), or at the press.
import { Suspense, useRef, useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { ChunkBoundary } from '../data/ChunkBoundary';
import type { MediaToken } from './MediaThumbnail';
import { fullscreenDialog, preloadFullscreenDialog, type FullscreenDialogProps } from './viewers';

export function FullscreenControl({ token }: { token: MediaToken }) {
  // The dialog shown while open, chosen at the press: the same component for the whole opening.
  const [Dialog, setDialog] = useState<ComponentType<FullscreenDialogProps> | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setDialog(null);
    // Back where the user was: the button that opened the viewer.
    requestAnimationFrame(() => buttonRef.current?.focus());
  };
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="media-button media-fullscreen-button"
        aria-label={`View ${token.name} fullscreen`}
        aria-haspopup="dialog"
        onClick={() => setDialog(() => fullscreenDialog())}
        onPointerEnter={preloadFullscreenDialog}
        onFocus={preloadFullscreenDialog}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {/* A dialog whose code cannot load (offline before it was ever cached) leaves the page as it is. */}
      {Dialog &&
        createPortal(
          <ChunkBoundary fallback={null}>
            <Suspense fallback={null}>
              <Dialog token={token} onClose={close} />
            </Suspense>
          </ChunkBoundary>,
          document.body,
        )}
    </>
  );
}
