// Cloudflare Turnstile (production): the widget's token is checked against siteverify with our secret key and the
// client's address. Cloudflare accepts a token once, so a replayed token comes back as success false.
import { humanCheckFailed, humanCheckUnavailable, type ClaimToken, type HumanCheckVerifier } from './humanCheckErrors.js';
import type { TurnstileSettings } from './humanCheckConfig.js';

/** How long siteverify may take before the message is refused with a 503. */
export const TURNSTILE_TIMEOUT_MS = 10_000;

export interface TurnstileCheck extends HumanCheckVerifier {
  provider: 'turnstile';
  siteKey: string;
}

const nothingToClaim: ClaimToken = async () => {};

export function createTurnstileCheck(settings: TurnstileSettings): TurnstileCheck {
  return {
    provider: 'turnstile',
    siteKey: settings.siteKey,
    async verify(token, remoteIp) {
      const form = new URLSearchParams({ secret: settings.secretKey, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let outcome: unknown;
      try {
        const response = await fetch(settings.verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(TURNSTILE_TIMEOUT_MS) });
        if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
        outcome = await response.json();
      } catch (error) {
        console.error('Turnstile siteverify failed:', error instanceof Error ? error.message : error);
        throw humanCheckUnavailable();
      }
      if ((outcome as { success?: unknown } | null)?.success !== true) throw humanCheckFailed();
      return nothingToClaim;
    },
  };
}
