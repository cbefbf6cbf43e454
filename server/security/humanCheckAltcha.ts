// The self-hosted human check (the demo, and any server without Turnstile keys): an ALTCHA proof of work. GET
// /api/v1/connect/challenge serves a signed challenge (altcha-lib v2, which the altcha v3 widget solves in web
// workers); the form sends the widget's payload — base64 of { challenge: { parameters, signature }, solution } —
// and it is verified here: signature, expiry, solution. A solved challenge is accepted once: its nonce is kept in
// the rate-limit table until the challenge expires, so a replay fails in every server process on the database.
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { rateLimits } from '../db/schema.js';
import type { AltchaSettings } from './humanCheckConfig.js';
import {
  HUMAN_CHECK_EXPIRED_MESSAGE,
  HUMAN_CHECK_USED_MESSAGE,
  humanCheckFailed,
  type ClaimToken,
  type HumanCheckVerifier,
} from './humanCheckErrors.js';

/** Bundled with the widget's default build (PBKDF2 and SHA workers), and hardware-neutral enough for a form. */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
/** Keys of used solutions in rate_limits: never a limit's `<name>:<subject>`, since no limit is named like this. */
export const USED_ALTCHA_KEY_PREFIX = 'altcha-used:';

export interface AltchaCheck extends HumanCheckVerifier {
  provider: 'altcha';
  /** A new signed challenge, as the widget fetches it. */
  createChallenge(): Promise<Challenge>;
}

const hex = z.string().regex(/^[0-9a-f]+$/);
// The shape the widget submits. Parsed only to refuse junk early: the signature is checked on the object as sent.
const payloadShape = z.object({
  challenge: z.object({
    parameters: z.looseObject({ algorithm: z.string(), nonce: hex.max(64), salt: hex.max(64), keyPrefix: z.string(), expiresAt: z.number().positive() }),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

/** The payload the widget submitted, or null when it is not one. */
function decodePayload(token: string): Payload | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    return payloadShape.safeParse(parsed).success ? (parsed as Payload) : null;
  } catch {
    return null;
  }
}

export function createAltchaCheck(settings: AltchaSettings): AltchaCheck {
  const hmacSignatureSecret = settings.hmacSecret;
  // Signs the derived key, so a solution is verified with one HMAC instead of a PBKDF2 run.
  const hmacKeySignatureSecret = createHmac('sha256', settings.hmacSecret).update('altcha-key-signature').digest('hex');

  return {
    provider: 'altcha',
    createChallenge() {
      return createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: settings.cost,
        counter: randomInt(settings.maxCounter, Math.ceil(settings.maxCounter / 2)),
        deriveKey,
        expiresAt: new Date(Date.now() + settings.expiresSeconds * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },
    async verify(token) {
      const payload = decodePayload(token);
      if (!payload) throw humanCheckFailed();
      let result;
      try {
        result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret });
      } catch {
        throw humanCheckFailed();
      }
      if (result.expired) throw humanCheckFailed(HUMAN_CHECK_EXPIRED_MESSAGE);
      if (!result.verified) throw humanCheckFailed();
      const { nonce, expiresAt } = payload.challenge.parameters as { nonce: string; expiresAt: number };
      const claim: ClaimToken = async (tx) => {
        // Kept until the challenge expires (the limiter's sweep only removes rows whose window started long ago).
        const inserted = await tx
          .insert(rateLimits)
          .values({ key: `${USED_ALTCHA_KEY_PREFIX}${nonce}`, windowStart: new Date(expiresAt * 1000), count: 1 })
          .onConflictDoNothing()
          .returning({ key: rateLimits.key });
        if (inserted.length === 0) throw humanCheckFailed(HUMAN_CHECK_USED_MESSAGE);
      };
      return claim;
    },
  };
}
