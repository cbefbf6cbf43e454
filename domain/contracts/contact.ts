// The contact wire (GET /api/v1/connect/turnstile-site-key, POST /api/v1/connect): the site key the Turnstile widget
// is drawn with, and the server's confirmation that the message is stored. The form's fields are domain/contact.ts's.
import * as z from 'zod/mini';

/**
 * GET /connect/turnstile-site-key: the key. An answer without one (absent, null or blank) is the server missing its
 * key: an internal error the app logs once, drawing no widget (not a malformed answer to ask again for).
 */
export const turnstileSiteKeyAnswer = z.object({ siteKey: z.optional(z.nullable(z.string())) });
export type TurnstileSiteKeyAnswer = z.infer<typeof turnstileSiteKeyAnswer>;

/** POST /connect: the message is stored (docs/requirements.md#contact "response: a success flag"). */
export const contactSentAnswer = z.object({ success: z.literal(true) });
export type ContactSentAnswer = z.infer<typeof contactSentAnswer>;
