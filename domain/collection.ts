// Seed 000 §5 "Collection description: only letters, digits, accented Latin letters, whitespace and
// . " ' ( ) : _ , = + - ; otherwise 'Invalid input. ...'. Empty is rejected." The creator's editor and
// PUT /collection/:id use this one rule.
import * as z from 'zod/mini';
import { requiredText } from './fields';
import { INVALID_DESCRIPTION_MESSAGE } from './messages';

/** Not in the seed: ours. The textarea truncates at it; a longer text from an API caller gets the invalid message. */
export const DESCRIPTION_MAX_LENGTH = 2000;
/** Accented Latin letters: Latin-1 À–ÿ without × and ÷, then Latin Extended-A and -B (Ā–ɏ). */
export const DESCRIPTION_PATTERN = /^[A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\s."'():_,=+-]*$/;

/** Empty (after trimming) gives 'Required Field'; the parsed value is the trimmed text. */
export const collectionDescriptionSchema = requiredText().check(
  z.maxLength(DESCRIPTION_MAX_LENGTH, INVALID_DESCRIPTION_MESSAGE),
  z.regex(DESCRIPTION_PATTERN, INVALID_DESCRIPTION_MESSAGE),
);
