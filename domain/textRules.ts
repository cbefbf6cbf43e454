// Text rules several forms share, as plain code with no zod: the studio's details form, the collection description
// and file names run these on pages whose first load should not carry zod (the 120 KB first-load budget). The zod schemas the
// server parses with (domain/fields.ts, domain/collection.ts, domain/files.ts) are built on the same constants, and
// tests/domain/textRules.test.ts holds each plain rule and its schema to one answer over a corpus.
import { FILE_NAME_MESSAGE, INVALID_DESCRIPTION_MESSAGE, REQUIRED_FIELD_MESSAGE } from './messages';

/** Not in the seed: ours. The textarea truncates at it; a longer text from an API caller gets the invalid message. */
export const DESCRIPTION_MAX_LENGTH = 2000;
/** Accented Latin letters: Latin-1 À–ÿ without × and ÷, then Latin Extended-A and -B (Ā–ɏ). */
export const DESCRIPTION_PATTERN = /^[A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\s."'():_,=+-]*$/;
/** See docs/requirements.md#studio-upload "Upload file names: only letters, digits, dot, space, hyphen, underscore". */
export const FILE_NAME_PATTERN = /^[A-Za-z0-9. _-]+$/;

export const maxCharactersMessage = (max: number) => `Maximum ${max} characters`;

/** 'Required Field' unless the value is a text with something besides white space. */
export function requiredTextError(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? null : REQUIRED_FIELD_MESSAGE;
}

/** A required text of at most `max` characters once trimmed: 'Required Field', then 'Maximum {max} characters'. */
export function maxTextError(value: unknown, max: number): string | null {
  return requiredTextError(value) ?? ((value as string).trim().length > max ? maxCharactersMessage(max) : null);
}

/** The description rule on a trimmed text: only the allowed characters, at most 2000 of them (empty passes). */
export const descriptionCharactersError = (text: string): string | null =>
  text.length > DESCRIPTION_MAX_LENGTH || !DESCRIPTION_PATTERN.test(text) ? INVALID_DESCRIPTION_MESSAGE : null;

/** The collection description (docs/requirements.md#collection-page): required, then the description rule. */
export function collectionDescriptionError(value: unknown): string | null {
  return requiredTextError(value) ?? descriptionCharactersError((value as string).trim());
}

/** Upload file names (docs/requirements.md#validation): 'File Upload Failed. Remove special characters from filename' otherwise. */
export function fileNameError(value: unknown): string | null {
  return typeof value === 'string' && FILE_NAME_PATTERN.test(value) ? null : FILE_NAME_MESSAGE;
}
