// The self-hosted human check (ALTCHA v3 web component, the editorial pages: the demo, no internet). Loaded with import() from
// humanCheck.ts only, so it stays out of the first-load bundle. The CSP-friendly build (altcha/external): its
// styles are a stylesheet instead of an injected <style>, and its proof-of-work workers are our own files (Vite
// ?worker: worker-src 'self') instead of blob: URLs built from inline code.
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';
import type { HumanCheckWidgetOptions } from './turnstile';

for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());

/** Renders <altcha-widget> into `container`, fetching challenges from `challengeUrl`; returns its clean-up. */
export function mountAltcha(container: HTMLElement, challengeUrl: string, options: HumanCheckWidgetOptions): () => void {
  const widget = document.createElement('altcha-widget');
  widget.setAttribute('challenge', challengeUrl);
  widget.setAttribute('name', 'turnstile');
  const verified = (event: Event) => {
    const payload = (event as CustomEvent<{ payload?: unknown }>).detail?.payload;
    if (typeof payload === 'string' && payload) options.onToken(payload);
  };
  const stateChange = (event: Event) => {
    const state = (event as CustomEvent<{ state?: string }>).detail?.state;
    if (state === 'expired' || state === 'error' || state === 'unverified') options.onExpire();
  };
  widget.addEventListener('verified', verified);
  widget.addEventListener('expired', options.onExpire);
  widget.addEventListener('statechange', stateChange);
  container.append(widget);
  return () => {
    widget.removeEventListener('verified', verified);
    widget.removeEventListener('expired', options.onExpire);
    widget.removeEventListener('statechange', stateChange);
    widget.remove();
  };
}
