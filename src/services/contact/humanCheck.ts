// The human check's two implementations behind one interface (the editorial pages): load (Turnstile: the site key, then
// Cloudflare's script; ALTCHA: the widget's code, lazily) and mount (render the widget into a container, report
// its token and its expiry). The human-check flow and the HumanCheck view use only these two.
import type { HumanCheckLoad, HumanCheckProvider } from '../../../machines/contact/humanCheckMachine';
import { ALTCHA_CHALLENGE_URL, fetchTurnstileSiteKey } from './contact';
import { loadTurnstileScript, mountTurnstile, type HumanCheckWidgetOptions } from './turnstile';

export type { HumanCheckWidgetOptions } from './turnstile';

const loadAltcha = () => import('./altchaWidget');

/** Everything the widget needs before it can be shown; rejects when something did not load (tried again later). */
export async function loadHumanCheck(provider: HumanCheckProvider, signal?: AbortSignal): Promise<HumanCheckLoad> {
  if (provider === 'altcha') {
    await loadAltcha();
    return { siteKey: null };
  }
  const siteKey = await fetchTurnstileSiteKey(signal);
  if (siteKey) await loadTurnstileScript();
  return { siteKey };
}

/** Renders the provider's widget into `container` (after loadHumanCheck resolved); returns its clean-up. */
export function mountHumanCheck(provider: HumanCheckProvider, container: HTMLElement, options: HumanCheckWidgetOptions): () => void {
  if (provider === 'turnstile') return mountTurnstile(container, options);
  let unmount: (() => void) | null = null;
  let cancelled = false;
  // Already loaded by loadHumanCheck: this resolves from the module cache.
  void loadAltcha().then(({ mountAltcha }) => {
    if (!cancelled) unmount = mountAltcha(container, ALTCHA_CHALLENGE_URL, options);
  });
  return () => {
    cancelled = true;
    unmount?.();
  };
}

/** See docs/requirements.md#contact "Missing site key raises an internal error and the widget is silently not shown". */
export function reportMissingSiteKey(): void {
  console.error('Contact form: the server sent no Turnstile site key; the human check is not shown.');
}
