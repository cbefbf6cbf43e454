// Field validators on the plain rules (domain/textRules.ts, no zod), for forms on pages whose first load should not
// carry zod: the collection page's description editor. validators.ts re-exports them beside its zod-backed ones.
import { collectionDescriptionError } from '../../domain/textRules';
import type { FieldValidator } from './formMachine';

/** Collection description: not empty, only the allowed characters (an unset value reads as an empty field). */
export const collectionDescription: FieldValidator = (value) => collectionDescriptionError(value ?? '');
