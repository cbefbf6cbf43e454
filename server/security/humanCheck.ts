// The contact form's human check (the editorial pages): one interface, two implementations — Cloudflare Turnstile in
// production (humanCheckTurnstile.ts) and a self-hosted ALTCHA proof of work in the demo (humanCheckAltcha.ts).
// POST /api/v1/connect verifies the token before anything is stored; a token is good for one message.
import { createAltchaCheck, type AltchaCheck } from './humanCheckAltcha.js';
import type { HumanCheckSettings } from './humanCheckConfig.js';
import { createTurnstileCheck, type TurnstileCheck } from './humanCheckTurnstile.js';

export * from './humanCheckErrors.js';

export type HumanCheck = AltchaCheck | TurnstileCheck;

export function createHumanCheck(settings: HumanCheckSettings): HumanCheck {
  return settings.provider === 'turnstile' ? createTurnstileCheck(settings) : createAltchaCheck(settings);
}
