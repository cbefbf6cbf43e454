// The contact form's requests (the editorial pages; docs/requirements.md#contact "Contact site key fetch (response field siteKey)", "Contact
// submit: payload category, topic, name, email, message, turnstile; response: a success flag"): GET
// /api/v1/connect/turnstile-site-key and POST /api/v1/connect (multipart), server/contact/routes.ts.
import type { ContactMessage } from '../../../domain/contact';
import type { AppConfig } from '../../../machines/config/configMachine';
import type { HumanCheckProvider } from '../../../machines/contact/humanCheckMachine';
import { API_BASE } from '../api';
import { checkedAnswer, loadAnswerCheck } from '../contracts';
import { HttpError, NetworkError, isAbortError, refusalError } from '../errors';

/** The ALTCHA widget's challenge URL (the demo's self-hosted proof of work). */
export const ALTCHA_CHALLENGE_URL = `${API_BASE}/connect/challenge`;

async function send(path: string, init: RequestInit): Promise<Response> {
  // The answer's contract loads while the request is out.
  void loadAnswerCheck().catch(() => {});
  try {
    return await fetch(`${API_BASE}${path}`, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError(error);
  }
}

async function errorOf(response: Response): Promise<HttpError> {
  return refusalError(response.status, await response.json().catch(() => null));
}

/** POST /api/v1/connect: resolves on 200 { success: true }; any other answer (a MalformedAnswerError) or no answer rejects. */
export async function sendContactMessage(message: ContactMessage, signal?: AbortSignal): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(message)) body.append(name, value);
  const response = await send('/connect', { method: 'POST', body, signal });
  if (response.status !== 200) throw await errorOf(response);
  await checkedAnswer('contactSent', await response.json().catch(() => null), '/connect');
}

/**
 * GET /api/v1/connect/turnstile-site-key: the key, or null when the answer carries none (absent, null or blank: the
 * server misses its key). A failed request, or an answer that is not its contract (a MalformedAnswerError), rejects,
 * so the human check tries again.
 */
export async function fetchTurnstileSiteKey(signal?: AbortSignal): Promise<string | null> {
  const response = await send('/connect/turnstile-site-key', { signal });
  if (!response.ok) throw await errorOf(response);
  const { siteKey } = await checkedAnswer('turnstileSiteKey', await response.json().catch(() => null), '/connect/turnstile-site-key');
  return siteKey && siteKey.trim() !== '' ? siteKey : null;
}

/** Which human check the server verifies (public config `humanCheck`); ALTCHA when the config does not say. */
export function humanCheckProviderOf(config: AppConfig | null): HumanCheckProvider | null {
  if (!config) return null;
  // A config cached by an older server (offline start) may lack the field.
  return (config.humanCheck as AppConfig['humanCheck'] | undefined)?.provider === 'turnstile' ? 'turnstile' : 'altcha';
}
