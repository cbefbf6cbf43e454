// See docs/requirements.md#account-profile "Profile: alias required; email required and must match an ordinary email pattern ..., else
// 'Invalid email'; Save disabled until both are filled and valid." The form and PUT /account/:id use these.
import * as z from 'zod/mini';
import { requiredEmail, requiredText } from './fields';
import { INVALID_EMAIL_MESSAGE } from './messages';

export { EMAIL_MAX_LENGTH } from './fields';

/** Not in the seed: ours, room for a name and a handle. The form's input truncates at it (docs/requirements.md#account-profile "a max length truncates input"). */
export const ALIAS_MAX_LENGTH = 64;
/** Not in the seed: ours; only an API caller meets it, since the input truncates. */
export const ALIAS_TOO_LONG_MESSAGE = `Alias must be at most ${ALIAS_MAX_LENGTH} characters`;

export const aliasSchema = requiredText().check(z.maxLength(ALIAS_MAX_LENGTH, ALIAS_TOO_LONG_MESSAGE));
export const profileEmailSchema = requiredEmail(INVALID_EMAIL_MESSAGE);

/** The profile's text fields, trimmed. */
export const profileSchema = z.object({ alias: aliasSchema, email: profileEmailSchema });
export type Profile = z.infer<typeof profileSchema>;
