// The contact service (the editorial pages): the contact form's human check (Turnstile when the server has its keys, else the
// self-hosted ALTCHA proof of work) and the message itself. send checks, in order: the fields against the shared
// rule (400 with the domain's message), the per-client limit (429), the human check (403, or 503 when Turnstile
// cannot be reached); then one transaction marks the check used and stores the trimmed message. A refused message
// stores nothing. Errors are ApiErrors with the status and message the REST answer (./routes.ts) carries.
import { contactMessageSchema } from '../../domain/contact.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import { LOCAL_CLIENT, clientLimitKey } from '../security/clientAddress.js';
import { createHumanCheck, humanCheckFailed } from '../security/humanCheck.js';
import type { RateLimiter } from '../security/rateLimit.js';
import { insertContactMessage } from './queries.js';

export const NO_TURNSTILE_MESSAGE = 'This server checks contact messages with its own challenge: it has no Turnstile site key.';
export const NO_CHALLENGE_MESSAGE = 'This server checks contact messages with Turnstile: it serves no challenge.';

const TEXT_FIELDS = ['category', 'topic', 'name', 'email', 'message'] as const;
/** Stands in for the token while the fields are checked: the token is the human check's to judge (403, not 400). */
const TOKEN_PENDING = 'pending';

type FormValue = string | File | (string | File)[] | undefined;

export function contactService({ db, config, limiter }: { db: Db; config: ServerConfig; limiter: RateLimiter }) {
  const humanCheck = createHumanCheck(config.humanCheck);

  return {
    /** The Turnstile site key; 404 when the server checks with its own challenge. */
    siteKey(): string {
      if (humanCheck.provider !== 'turnstile') throw new ApiError(404, 'not_found', NO_TURNSTILE_MESSAGE);
      return humanCheck.siteKey;
    },

    /** A fresh ALTCHA challenge; 404 when the server checks with Turnstile. */
    challenge() {
      if (humanCheck.provider !== 'altcha') throw new ApiError(404, 'not_found', NO_CHALLENGE_MESSAGE);
      return humanCheck.createChallenge();
    },

    /** Checks and stores a contact message: the form's fields as sent, and the client's address (LOCAL_CLIENT for none). */
    async send(form: Record<string, FormValue>, client: string): Promise<void> {
      const fields = Object.fromEntries(TEXT_FIELDS.map((name) => [name, form[name]]));
      const parsed = contactMessageSchema.safeParse({ ...fields, turnstile: TOKEN_PENDING });
      if (!parsed.success) throw new ApiError(400, 'invalid_input', parsed.error.issues[0]!.message);
      const token = contactMessageSchema.shape.turnstile.safeParse(form.turnstile);
      if (!token.success) throw humanCheckFailed(token.error.issues[0]!.message);

      await limiter.check('contactByClient', clientLimitKey(client));
      const claim = await humanCheck.verify(token.data, client === LOCAL_CLIENT ? null : client);

      const { category, topic, name, email, message } = parsed.data;
      await db.transaction(async (tx) => {
        await claim(tx as unknown as Db);
        await insertContactMessage(tx, { category, topic, name, email, message });
      });
    },
  };
}
