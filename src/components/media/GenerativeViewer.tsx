// Generative art (multipart/mixed): the p5 sketch runs in an opaque-origin sandboxed frame with the token's seed.
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { GENERATIVE_RESIZE_DEBOUNCE_MS } from '../../../machines/media/constants';
import { useSystemActor } from '../../app/appActorContext';
import { useLiveRenderSlot } from './liveRenderSlots';
import { generativeSpec, sandboxUrl } from './mediaSpec';
import { MediaThumbnail, type ViewerProps } from './MediaThumbnail';
import { useSettledSize } from './useSettledSize';

type FrameState = 'loading' | 'rendered' | 'failed';

export default function GenerativeViewer({ token, variant }: ViewerProps) {
  const config = useSystemActor('config');
  // The sandbox lives on the content origin; until the config names it, the thumbnail stands in.
  const contentOrigin = useSelector(config, (snapshot) => snapshot.context.config?.contentOrigin ?? null);
  const spec = useMemo(() => (contentOrigin ? generativeSpec(token) : null), [token, contentOrigin]);
  const src = spec && contentOrigin ? sandboxUrl(spec, contentOrigin) : undefined;
  const ref = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const inGrid = variant === 'card';
  // In grids a card renders live only while in view, once the page's largest paint is behind it (its sandbox and p5
  // would compete with the first screen's images), and while holding one of the few shared slots.
  const slot = useLiveRenderSlot(inGrid && spec !== null);
  const { watch } = slot;
  const layerRef = useCallback((element: HTMLDivElement | null) => {
    ref.current = element;
    watch(element);
  }, [watch]);
  const live = spec !== null && (!inGrid || slot.granted);
  const size = useSettledSize(ref, GENERATIVE_RESIZE_DEBOUNCE_MS, live);
  const [state, setState] = useState<FrameState>('loading');

  useEffect(() => {
    if (!live) return;
    const onMessage = (event: MessageEvent) => {
      // Only our own frame: its origin is opaque ("null"), so the source window is what identifies it.
      if (!frameRef.current || event.source !== frameRef.current.contentWindow) return;
      const data = event.data as { source?: unknown; type?: unknown } | null;
      if (data?.source !== 'artbazaar-sandbox') return;
      if (data.type === 'rendered') setState('rendered');
      else if (data.type === 'failed') setState('failed');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [live]);

  return (
    <div ref={layerRef} className="media-layer generative" data-live={live} data-state={live ? state : 'thumbnail'}>
      <MediaThumbnail token={token} variant={variant} />
      {live && state !== 'failed' && (
        <iframe
          ref={frameRef}
          className="media-over generative-frame"
          title={`${token.name} (generative artwork)`}
          // Scripts only: no allow-same-origin, so the sketch cannot reach the app's storage, cookies or DOM.
          sandbox="allow-scripts"
          src={src}
          referrerPolicy="no-referrer"
          style={size ? { width: `${size.width}px`, height: `${size.height}px` } : undefined}
          // On cards the frame is a live version of the thumbnail: the card's link stays the thing to focus.
          tabIndex={inGrid ? -1 : undefined}
          aria-hidden={inGrid || undefined}
        />
      )}
    </div>
  );
}
