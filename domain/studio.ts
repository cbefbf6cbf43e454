// See docs/requirements.md#studio-details-form, "Image upload", "Flipcard upload", "Video upload", "Gif upload",
// "Generative", "Token edit card" and docs/requirements.md#studio-upload limits: the studio's zod schemas, which the server's canvas and upload
// routes parse with. The constants, messages and the same rules as plain code are domain/studioRules.ts (the
// client's studio loads those, without zod), re-exported here; tests/domain/studio.test.ts holds the two to one
// answer.
import * as z from "zod/mini";
import { collectionDescriptionSchema } from "./collection";
import { requiredText } from "./fields";
import { INVALID_DESCRIPTION_MESSAGE, REQUIRED_FIELD_MESSAGE } from "./messages";
import {
  COLLECTION_NAME_MAX,
  COLLECTION_SYMBOL_MAX,
  DEFAULT_SUPPLY_PER_TOKEN,
  FLIPCARD_GRID_MAX,
  INVALID_INPUT_MESSAGE,
  ROYALTIES_INTEGER_MESSAGE,
  ROYALTIES_MAX,
  ROYALTIES_MAXIMUM_MESSAGE,
  ROYALTIES_MIN,
  ROYALTIES_MINIMUM_MESSAGE,
  SEED_IDENTIFIER_MESSAGE,
  SEED_IDENTIFIER_PATTERN,
  SEED_TEXT_MAX,
  STUDIO_MEDIA_TYPES,
  TOKEN_NAME_MAX,
  type CanvasDetails,
} from "./studioRules";
import { DESCRIPTION_MAX_LENGTH, DESCRIPTION_PATTERN, maxCharactersMessage } from "./textRules";

export * from "./studioRules";

const maxText = (max: number) =>
  requiredText().check(z.maxLength(max, maxCharactersMessage(max)));

/** Royalties as typed or sent: empty → the minimum message, fractional → the integer message, outside 0–10000 → min/max. */
export const royaltiesSchema = z.pipe(
  z.pipe(
    z.transform((value: unknown) =>
      value === null || value === undefined ? "" : String(value).trim(),
    ),
    z.string().check(
      z.minLength(1, { error: ROYALTIES_MINIMUM_MESSAGE, abort: true }),
      z.refine((text) => /^-?\d*\.?\d+$/.test(text), {
        error: ROYALTIES_MINIMUM_MESSAGE,
        abort: true,
      }),
      z.refine((text) => Number.isInteger(Number(text)), {
        error: ROYALTIES_INTEGER_MESSAGE,
        abort: true,
      }),
      z.refine((text) => Number(text) >= ROYALTIES_MIN, {
        error: ROYALTIES_MINIMUM_MESSAGE,
        abort: true,
      }),
      z.refine((text) => Number(text) <= ROYALTIES_MAX, {
        error: ROYALTIES_MAXIMUM_MESSAGE,
        abort: true,
      }),
    ),
  ),
  z.transform((text: string) => Number(text)),
);

const supplySchema = z.pipe(
  z.transform((value: unknown) =>
    value === null || value === undefined || value === ""
      ? DEFAULT_SUPPLY_PER_TOKEN
      : Number(value),
  ),
  z
    .number()
    .check(
      z.int(INVALID_INPUT_MESSAGE),
      z.minimum(1, INVALID_INPUT_MESSAGE),
      z.maximum(1_000_000, INVALID_INPUT_MESSAGE),
    ),
);

export const mediaTypeSchema = z.enum(STUDIO_MEDIA_TYPES, {
  error: REQUIRED_FIELD_MESSAGE,
});

/** Collection details form and POST/PUT /api/v1/canvas (docs/requirements.md#studio-details-form). */
export const canvasDetailsSchema = z.object({
  name: maxText(COLLECTION_NAME_MAX),
  symbol: maxText(COLLECTION_SYMBOL_MAX),
  description: collectionDescriptionSchema,
  royaltiesBasispoints: royaltiesSchema,
  supplyPerToken: supplySchema,
  mediaType: mediaTypeSchema,
});
// The plain rules' parsed type and the schema's are one.
const sameDetails: z.infer<typeof canvasDetailsSchema> extends CanvasDetails ? (CanvasDetails extends z.infer<typeof canvasDetailsSchema> ? true : never) : never = true;
void sameDetails;

/** Token edit card (docs/requirements.md#studio-upload): a required name (max 50); a description, when typed, must match the description rule. */
export const tokenNameSchema = maxText(TOKEN_NAME_MAX);
export const tokenDescriptionSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(DESCRIPTION_MAX_LENGTH, INVALID_DESCRIPTION_MESSAGE),
    z.regex(DESCRIPTION_PATTERN, INVALID_DESCRIPTION_MESSAGE),
  );
export const tokenUpdateSchema = z.object({
  name: tokenNameSchema,
  description: tokenDescriptionSchema,
});

/** Generative seed identifier, seed value and token name (docs/requirements.md#studio-upload: each required, max 50). */
export const seedIdentifierSchema = maxText(SEED_TEXT_MAX).check(
  z.regex(SEED_IDENTIFIER_PATTERN, SEED_IDENTIFIER_MESSAGE),
);
/** A generative token's seed value (its request is domain/contracts/studio.ts's generativeTokenRequest). */
export const seedValueSchema = maxText(SEED_TEXT_MAX);

/** Flipcard rows and columns: non-zero integers (a small grid: at most 10 each, ours). */
const flipcardGridSide = z
  .number()
  .check(z.int(INVALID_INPUT_MESSAGE), z.minimum(1, INVALID_INPUT_MESSAGE), z.maximum(FLIPCARD_GRID_MAX, INVALID_INPUT_MESSAGE));
export const flipcardGridSchema = z.object({ rows: flipcardGridSide, columns: flipcardGridSide });

