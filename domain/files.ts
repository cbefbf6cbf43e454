// See docs/requirements.md#studio-upload "Upload file names: only letters, digits, dot, space, hyphen, underscore; otherwise
// 'File Upload Failed. Remove special characters from filename'" (docs/requirements.md#validation: the generative upload too).
import * as z from 'zod/mini';
import { FILE_NAME_MESSAGE } from './messages';
import { FILE_NAME_PATTERN } from './textRules';

export { FILE_NAME_PATTERN, fileNameError } from './textRules';

export const fileNameSchema = z.string({ error: FILE_NAME_MESSAGE }).check(z.regex(FILE_NAME_PATTERN, FILE_NAME_MESSAGE));
