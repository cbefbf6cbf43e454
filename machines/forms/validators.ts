// The form machine's field validators, each the shared zod rule in domain/ (the server answers with the same
// rules, so the client and the server never disagree): the message shown is the first issue's, the seed's text.
import type * as z from 'zod/mini';
import { commentTextSchema, replyTextSchema } from '../../domain/comments';
import { noHashOrAmpersand as noHashOrAmpersandSchema, optionalEmail as optionalEmailSchema, optionalUrl as optionalUrlSchema, requiredText } from '../../domain/fields';
import { fileNameSchema } from '../../domain/files';
import { priceSchema } from '../../domain/price';
import { aliasSchema, profileEmailSchema } from '../../domain/profile';
import { firstIssue } from '../../domain/validate';
import type { FieldValidator, FormFields } from './formMachine';

export {
  COMMENT_EMPTY_MESSAGE,
  ENTER_VALID_EMAIL_MESSAGE,
  ENTER_VALID_URL_MESSAGE,
  FILE_NAME_MESSAGE,
  HASH_AMPERSAND_MESSAGE,
  INVALID_DESCRIPTION_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  MINIMUM_PRICE_MESSAGE,
  REPLY_EMPTY_MESSAGE,
  REQUIRED_FIELD_MESSAGE,
  SELLER_CANNOT_ORDER_MESSAGE,
} from '../../domain/messages';
export { DEFAULT_SALE_AMOUNT, PRICE_DECIMALS, PRICE_MIN, PRICE_STEP, PRICE_STEP_MESSAGE } from '../../domain/priceRule';

/** A field validator on a domain schema: null when the value passes, else the first issue's message. */
export const schemaValidator =
  (schema: z.core.$ZodType): FieldValidator =>
  (value) =>
    // An unset form value reads as an empty field.
    firstIssue(schema, value ?? '');

export const required = schemaValidator(requiredText());

/** Profile email: required, then an ordinary email ('Invalid email'). */
export const profileEmail = schemaValidator(profileEmailSchema);

/** Optional email field elsewhere (contact form): empty is fine, anything else must be an email. */
export const optionalEmail = schemaValidator(optionalEmailSchema);

/** Optional web link: empty, or an absolute http(s) URL. */
export const optionalUrl = schemaValidator(optionalUrlSchema);

export const noHashOrAmpersand = schemaValidator(noHashOrAmpersandSchema);

export { collectionDescription } from './plainValidators';

/** Listing price and offer amount: required, numeric, at least 0.0001, in steps of 0.0001. */
export const price = schemaValidator(priceSchema);

/** Comment and reply text: trimmed, not empty ('Comment cannot be empty' / 'Reply cannot be empty'), not too long. */
export const commentText = schemaValidator(commentTextSchema);
export const replyText = schemaValidator(replyTextSchema);

/** Upload file names: only letters, digits, dot, space, hyphen, underscore. */
export const fileName = schemaValidator(fileNameSchema);

/** See docs/requirements.md#validation "a max length truncates input": applied to the value before field.change. */
export const truncate = (value: string, maxLength: number) => (value.length > maxLength ? value.slice(0, maxLength) : value);

export interface ProfileValues extends Record<string, unknown> {
  alias: string;
  email: string;
}

/** The profile form: alias required, email required and valid; Save is disabled until both pass. */
export function profileFormFields(initial: Partial<ProfileValues> = {}): FormFields<ProfileValues> {
  return {
    alias: { value: initial.alias ?? '', validate: schemaValidator(aliasSchema) },
    email: { value: initial.email ?? '', validate: profileEmail },
  };
}
