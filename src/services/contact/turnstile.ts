// Cloudflare Turnstile (production's human check, the editorial pages): the script is loaded from Cloudflare with explicit
// rendering once the site key is known, then the widget is rendered into the form. CSP: server/http/security.ts
// allows https://challenges.cloudflare.com as a script and frame source.

export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileRenderOptions {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
  theme?: 'auto' | 'light' | 'dark';
}

/** The part of Cloudflare's `window.turnstile` we use. */
export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileRenderOptions): string | null | undefined;
  remove(widgetId: string): void;
}

const turnstileApi = () => (window as unknown as { turnstile?: TurnstileApi }).turnstile;

let scriptLoad: Promise<void> | null = null;

/** Loads Cloudflare's script once (explicit render); rejects when it cannot, so the human check tries again. */
export function loadTurnstileScript(): Promise<void> {
  if (turnstileApi()) return Promise.resolve();
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    const fail = () => {
      scriptLoad = null;
      script.remove();
      reject(new Error('The Turnstile script could not be loaded.'));
    };
    script.onload = () => (turnstileApi() ? resolve() : fail());
    script.onerror = fail;
    document.head.append(script);
  });
  return scriptLoad;
}

export interface HumanCheckWidgetOptions {
  siteKey: string | null;
  onToken: (token: string) => void;
  onExpire: () => void;
}

/** Renders the Turnstile widget into `container`; returns the clean-up that removes it. */
export function mountTurnstile(container: HTMLElement, options: HumanCheckWidgetOptions): () => void {
  const api = turnstileApi();
  if (!api || !options.siteKey) return () => {};
  const id = api.render(container, {
    sitekey: options.siteKey,
    callback: options.onToken,
    'expired-callback': options.onExpire,
    'error-callback': options.onExpire,
    theme: 'auto',
  });
  return () => {
    if (id) api.remove(id);
  };
}
