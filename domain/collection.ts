// See docs/requirements.md#collection-page "Collection description: only letters, digits, accented Latin letters, whitespace and
// . " ' ( ) : _ , = + - ; otherwise 'Invalid input. ...'. Empty is rejected." The creator's editor and
// PUT /collection/:id use this one rule.
import * as z from 'zod/mini';
import { requiredText } from './fields';
import { INVALID_DESCRIPTION_MESSAGE } from './messages';
import { DESCRIPTION_MAX_LENGTH, DESCRIPTION_PATTERN } from './textRules';

// The plain rule (collectionDescriptionError) and the constants live in textRules.ts, for pages without zod.
export { collectionDescriptionError, DESCRIPTION_MAX_LENGTH, DESCRIPTION_PATTERN } from './textRules';

/** Empty (after trimming) gives 'Required Field'; the parsed value is the trimmed text. */
export const collectionDescriptionSchema = requiredText().check(
  z.maxLength(DESCRIPTION_MAX_LENGTH, INVALID_DESCRIPTION_MESSAGE),
  z.regex(DESCRIPTION_PATTERN, INVALID_DESCRIPTION_MESSAGE),
);
