// The contact form's human check (the editorial pages), from the environment: Cloudflare Turnstile when both its keys are set
// (production), otherwise a self-hosted ALTCHA proof of work served and verified by this server (the demo, which
// must work on a machine with no internet).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

export const DEFAULT_TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/**
 * ALTCHA difficulty. The challenge is PBKDF2/SHA-256 with `cost` iterations per attempt, and the solver must find a
 * counter the server picked at random between half of `maxCounter` and `maxCounter` (altcha-lib's deterministic
 * mode). About 0.8 ms an attempt in a browser at cost 1000, split over the widget's workers: some 0.4–0.8 s on two
 * cores; verifying is one HMAC.
 */
export const DEFAULT_ALTCHA_COST = 1000;
export const DEFAULT_ALTCHA_MAX_COUNTER = 2000;
/** A challenge is valid this long after it was served (and a solved one is remembered as used until then). */
export const DEFAULT_ALTCHA_EXPIRES_SECONDS = 600;

export interface TurnstileSettings {
  provider: 'turnstile';
  siteKey: string;
  secretKey: string;
  /** Cloudflare's siteverify endpoint (a local fake in tests). */
  verifyUrl: string;
}

export interface AltchaSettings {
  provider: 'altcha';
  /** Signs the challenges: ALTCHA_HMAC_SECRET, or random per process (then a restart voids open challenges). */
  hmacSecret: string;
  cost: number;
  maxCounter: number;
  expiresSeconds: number;
}

export type HumanCheckSettings = TurnstileSettings | AltchaSettings;
export type HumanCheckProvider = HumanCheckSettings['provider'];

const positiveInt = z.coerce.number().int().positive();

const humanCheckEnvSchema = z.object({
  TURNSTILE_SITE_KEY: z.string().trim().optional(),
  TURNSTILE_SECRET_KEY: z.string().trim().optional(),
  TURNSTILE_VERIFY_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_TURNSTILE_VERIFY_URL),
  ALTCHA_HMAC_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  ALTCHA_COST: positiveInt.default(DEFAULT_ALTCHA_COST),
  ALTCHA_MAX_COUNTER: z.coerce.number().int().min(2).max(1_000_000).default(DEFAULT_ALTCHA_MAX_COUNTER),
  ALTCHA_EXPIRES_SECONDS: positiveInt.default(DEFAULT_ALTCHA_EXPIRES_SECONDS),
});

/** Reads the human-check variables (empty strings already removed by loadServerConfig). */
export function loadHumanCheckSettings(env: Record<string, string | undefined>): HumanCheckSettings {
  const parsed = humanCheckEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid server environment:\n${z.prettifyError(parsed.error)}`);
  const vars = parsed.data;
  if (vars.TURNSTILE_SITE_KEY && vars.TURNSTILE_SECRET_KEY) {
    return { provider: 'turnstile', siteKey: vars.TURNSTILE_SITE_KEY, secretKey: vars.TURNSTILE_SECRET_KEY, verifyUrl: vars.TURNSTILE_VERIFY_URL };
  }
  return {
    provider: 'altcha',
    hmacSecret: vars.ALTCHA_HMAC_SECRET ?? randomBytes(32).toString('hex'),
    cost: vars.ALTCHA_COST,
    maxCounter: vars.ALTCHA_MAX_COUNTER,
    expiresSeconds: vars.ALTCHA_EXPIRES_SECONDS,
  };
}
