import type { FieldValidator, FormFields } from './formMachine';

// Seed 000 §5 "Validation rules": the messages, verbatim.
export const REQUIRED_FIELD_MESSAGE = 'Required Field';
export const INVALID_EMAIL_MESSAGE = 'Invalid email';
export const ENTER_VALID_EMAIL_MESSAGE = 'Enter a valid email address';
export const ENTER_VALID_URL_MESSAGE = 'Enter a valid URL';
export const HASH_AMPERSAND_MESSAGE = 'Special Character # and & not allowed';
export const INVALID_DESCRIPTION_MESSAGE = 'Invalid input. Please use only alphanumeric characters and basic punctuation.';
export const MINIMUM_PRICE_MESSAGE = 'Minimum allowed price is 0.0001';
export const COMMENT_EMPTY_MESSAGE = 'Comment cannot be empty';
export const REPLY_EMPTY_MESSAGE = 'Reply cannot be empty';
export const SELLER_CANNOT_ORDER_MESSAGE = 'Sorry. Order cannot be placed as you are the seller';
export const FILE_NAME_MESSAGE = 'File Upload Failed. Remove special characters from filename';

// Seed 000 §5/§9: price and offer minimum 0.0001, step 0.0001; a token listing's default amount is 1.
export const PRICE_MIN = 0.0001;
export const PRICE_STEP = 0.0001;
export const PRICE_DECIMALS = 4;
export const DEFAULT_SALE_AMOUNT = 1;
// Not in the seed (it shows no text for a step violation): ours, worded like the minimum message.
export const PRICE_STEP_MESSAGE = 'Allowed price step is 0.0001';

// "An ordinary email pattern (exact expression not shown)": one @, no spaces, a dot in the domain.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
// Letters, digits, accented Latin letters, whitespace and . " ' ( ) : _ , = + -
export const DESCRIPTION_PATTERN = /^[A-Za-z0-9À-ÖØ-öø-ÿĀ-ɏ\s."'():_,=+-]+$/;
export const FILE_NAME_PATTERN = /^[A-Za-z0-9. _-]+$/;

const text = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));
const isBlank = (value: unknown) => text(value).trim() === '';

export const required: FieldValidator = (value) => (isBlank(value) ? REQUIRED_FIELD_MESSAGE : null);

/** Profile email: required, then an ordinary email pattern ('Invalid email'). */
export const profileEmail: FieldValidator = (value) =>
  isBlank(value) ? REQUIRED_FIELD_MESSAGE : EMAIL_PATTERN.test(text(value).trim()) ? null : INVALID_EMAIL_MESSAGE;

/** Optional email field elsewhere (contact form): empty is fine, anything else must look like an email. */
export const optionalEmail: FieldValidator = (value) =>
  isBlank(value) || EMAIL_PATTERN.test(text(value).trim()) ? null : ENTER_VALID_EMAIL_MESSAGE;

/** Optional web link: empty, or an absolute http(s) URL. */
export const optionalUrl: FieldValidator = (value) => {
  if (isBlank(value)) return null;
  try {
    const { protocol, hostname } = new URL(text(value).trim());
    return (protocol === 'http:' || protocol === 'https:') && hostname.includes('.') ? null : ENTER_VALID_URL_MESSAGE;
  } catch {
    return ENTER_VALID_URL_MESSAGE;
  }
};

export const noHashOrAmpersand: FieldValidator = (value) => (/[#&]/.test(text(value)) ? HASH_AMPERSAND_MESSAGE : null);

/** Collection description: not empty, only the allowed characters. */
export const collectionDescription: FieldValidator = (value) =>
  isBlank(value) ? REQUIRED_FIELD_MESSAGE : DESCRIPTION_PATTERN.test(text(value)) ? null : INVALID_DESCRIPTION_MESSAGE;

/** Listing price and offer amount: required, numeric, at least 0.0001, in steps of 0.0001. */
export const price: FieldValidator = (value) => {
  if (isBlank(value)) return REQUIRED_FIELD_MESSAGE;
  const raw = text(value).trim();
  if (!/^\d*\.?\d+$|^\d+\.$/.test(raw) || Number(raw) < PRICE_MIN) return MINIMUM_PRICE_MESSAGE;
  return (raw.split('.')[1] ?? '').length > PRICE_DECIMALS ? PRICE_STEP_MESSAGE : null;
};

export const commentText: FieldValidator = (value) => (isBlank(value) ? COMMENT_EMPTY_MESSAGE : null);
export const replyText: FieldValidator = (value) => (isBlank(value) ? REPLY_EMPTY_MESSAGE : null);

/** Upload file names: only letters, digits, dot, space, hyphen, underscore. */
export const fileName: FieldValidator = (value) => (FILE_NAME_PATTERN.test(text(value)) ? null : FILE_NAME_MESSAGE);

/** Seed 000 §5 "a max length truncates input": applied to the value before field.change. */
export const truncate = (value: string, maxLength: number) => (value.length > maxLength ? value.slice(0, maxLength) : value);

export interface ProfileValues extends Record<string, unknown> {
  alias: string;
  email: string;
}

/** The profile form: alias required, email required and valid; Save is disabled until both pass. */
export function profileFormFields(initial: Partial<ProfileValues> = {}): FormFields<ProfileValues> {
  return {
    alias: { value: initial.alias ?? '', validate: required },
    email: { value: initial.email ?? '', validate: profileEmail },
  };
}
