// Rules for text fields that several forms share (docs/requirements.md#validation, "'Required Field' for an empty
// required text field").
import * as z from 'zod/mini';
import { ENTER_VALID_EMAIL_MESSAGE, ENTER_VALID_URL_MESSAGE, HASH_AMPERSAND_MESSAGE, REQUIRED_FIELD_MESSAGE } from './messages';

/** RFC 5321's limit on a whole address. */
export const EMAIL_MAX_LENGTH = 254;

/** A required text: trimmed, not empty ('Required Field'); a missing value reads the same. Parses to the trimmed text. */
export const requiredText = () => z.string({ error: REQUIRED_FIELD_MESSAGE }).check(z.trim(), z.minLength(1, REQUIRED_FIELD_MESSAGE));

/**
 * "An ordinary email pattern (exact expression not shown)": zod's z.email() with its default pattern
 * (`z.regexes.email`): a name of dot-separated runs of ASCII letters, digits and _ ' + - (no leading, trailing
 * or double dot), then @, dot-separated domain labels and a top-level domain of at least two letters; at most
 * 254 characters. So `a@b.c`, `ada@localhost`, `ada@[127.0.0.1]` and non-ASCII names are refused everywhere.
 */
const email = (message: string) => z.pipe(z.string().check(z.maxLength(EMAIL_MAX_LENGTH, message)), z.email({ error: message }));

/** A required email: 'Required Field' when empty, else `message` unless it is an ordinary address. Parses trimmed. */
export const requiredEmail = (message: string) => z.pipe(requiredText(), email(message));

/** An optional email (the contact form and the like): empty, or an ordinary address ('Enter a valid email address'). */
export const optionalEmail = z.pipe(z.string().check(z.trim()), z.union([z.literal(''), email(ENTER_VALID_EMAIL_MESSAGE)]));

function isWebLink(text: string): boolean {
  try {
    const { protocol, hostname } = new URL(text);
    return (protocol === 'http:' || protocol === 'https:') && hostname.includes('.');
  } catch {
    return false;
  }
}

/** An optional web link: empty, or an absolute http(s) URL with a dotted host ('Enter a valid URL'). Parses trimmed. */
export const optionalUrl = z
  .string()
  .check(z.trim(), z.refine((text) => text === '' || isWebLink(text), ENTER_VALID_URL_MESSAGE));

/** Text without # or & ('Special Character # and & not allowed'). */
export const noHashOrAmpersand = z.string().check(z.refine((text) => !/[#&]/.test(text), HASH_AMPERSAND_MESSAGE));
