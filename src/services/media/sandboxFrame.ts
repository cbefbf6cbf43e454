// A generative token's sandboxed page run out of sight (the studio's default thumbnail, the render check), and where
// that page is served from.
import { systemActor, type SystemLike } from '../../../machines/system/systemRegistry';

/** Where the generative sandbox is served (the server config's contentOrigin), null before the config has loaded. */
export function contentOriginOf(system: SystemLike): string | null {
  return systemActor(system, 'config')?.getSnapshot().context?.config?.contentOrigin ?? null;
}

/**
 * A square frame of `size` CSS pixels off the screen, scripts only (no allow-same-origin: the sketch reaches nothing
 * of the page), hidden from assistive technology and the keyboard. The caller sets its src and appends it.
 */
export function offscreenSandboxFrame(size: number): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.referrerPolicy = 'no-referrer';
  Object.assign(frame.style, { position: 'fixed', left: '-10000px', top: '0', width: `${size}px`, height: `${size}px`, border: '0' });
  return frame;
}
