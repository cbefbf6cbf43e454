import { describe, expect, it } from 'vitest';
import { generativeTokenRequest } from '../../domain/contracts/studio';
import {
  canvasDetailsSchema,
  entryStep,
  extensionOf,
  flipcardGridSchema,
  seedValueSchema,
  hasValidFileName,
  isScriptFile,
  MEDIA_TYPE_LABELS,
  royaltiesSchema,
  seedIdentifierSchema,
  tokenDeletedNotice,
  tokenDescriptionSchema,
  tokenNameSchema,
  tokenUpdateSchema,
} from '../../domain/studio';
import * as z from 'zod/mini';
import { collectionDescriptionSchema } from '../../domain/collection';
import { fileNameSchema } from '../../domain/files';
import {
  canvasDetailsFieldError,
  flipcardGridError,
  parseCanvasDetails,
  seedIdentifierError,
  seedValueError,
  STUDIO_MEDIA_TYPES,
  tokenDescriptionError,
  tokenNameError,
} from '../../domain/studioRules';
import { collectionDescriptionError, fileNameError } from '../../domain/textRules';
import { firstIssue } from '../../domain/validate';
import { withoutZodLocale } from './support/browserZod';

// The messages the browser's zod/mini gives (no locale), whatever other files this worker ran first.
withoutZodLocale();

const INVALID_DESCRIPTION = 'Invalid input. Please use only alphanumeric characters and basic punctuation.';

const details = (over: Record<string, unknown> = {}) => ({
  name: 'Harbour Lights',
  symbol: 'HBR',
  description: 'Night photographs.',
  royaltiesBasispoints: '500',
  supplyPerToken: '1',
  mediaType: 'image',
  ...over,
});

// See docs/requirements.md#studio-details-form and docs/requirements.md#studio-upload limits, with royalties on 0–10000 (see domain/studio.ts).
describe('collection details (requirements: studio details form)', () => {
  it('parses a filled form: trimmed texts, numbers from the typed text, supply 1 by default', () => {
    expect(canvasDetailsSchema.parse(details({ name: '  Harbour Lights ', supplyPerToken: '' }))).toEqual({
      name: 'Harbour Lights',
      symbol: 'HBR',
      description: 'Night photographs.',
      royaltiesBasispoints: 500,
      supplyPerToken: 1,
      mediaType: 'image',
    });
    expect(canvasDetailsSchema.parse(details({ royaltiesBasispoints: 0, supplyPerToken: 7 }))).toMatchObject({ royaltiesBasispoints: 0, supplyPerToken: 7 });
  });

  it.each([
    [{ name: '' }, 'Required Field'],
    [{ name: 'n'.repeat(51) }, 'Maximum 50 characters'],
    [{ symbol: ' ' }, 'Required Field'],
    [{ symbol: 'S'.repeat(11) }, 'Maximum 10 characters'],
    [{ description: '' }, 'Required Field'],
    [{ description: 'Sale #1' }, INVALID_DESCRIPTION],
    [{ supplyPerToken: '0' }, 'Invalid input'],
    [{ supplyPerToken: '1.5' }, 'Invalid input'],
    [{ mediaType: 'sound' }, 'Required Field'],
    [{ mediaType: undefined }, 'Required Field'],
  ])('refuses %j with %j', (over, message) => {
    expect(firstIssue(canvasDetailsSchema, details(over))).toBe(message);
  });

  it('accepts names and symbols at their limits (50 and 10 characters)', () => {
    expect(firstIssue(canvasDetailsSchema, details({ name: 'n'.repeat(50), symbol: 'S'.repeat(10) }))).toBeNull();
  });
});

describe('royalties (0–10000 basis points)', () => {
  it('empty or not a number → the minimum message; fractional → the integer message; out of range → min/max', () => {
    expect(firstIssue(royaltiesSchema, '')).toBe('Minimum value is 0');
    expect(firstIssue(royaltiesSchema, undefined)).toBe('Minimum value is 0');
    expect(firstIssue(royaltiesSchema, 'abc')).toBe('Minimum value is 0');
    expect(firstIssue(royaltiesSchema, '2.5')).toBe('Please enter an integer value');
    expect(firstIssue(royaltiesSchema, '-1')).toBe('Minimum value is 0');
    expect(firstIssue(royaltiesSchema, '10001')).toBe('Maximum value is 10000');
    expect(firstIssue(royaltiesSchema, '100000')).toBe('Maximum value is 10000');
  });

  it('takes 0, 10000 and typed integers with spaces', () => {
    expect(royaltiesSchema.parse('0')).toBe(0);
    expect(royaltiesSchema.parse(' 10000 ')).toBe(10000);
    expect(royaltiesSchema.parse(250)).toBe(250);
  });
});

describe('generative inputs (requirements: studio upload)', () => {
  it('the seed identifier is required, at most 50 characters, and a JavaScript name the sketch can read', () => {
    expect(firstIssue(seedIdentifierSchema, '')).toBe('Required Field');
    expect(firstIssue(seedIdentifierSchema, 's'.repeat(51))).toBe('Maximum 50 characters');
    for (const bad of ['1seed', 'my seed', 'seed;alert(1)', 'seed-1', 'sé']) {
      expect([bad, firstIssue(seedIdentifierSchema, bad)]).toEqual([bad, 'Use letters, digits, _ or $, not starting with a digit']);
    }
    for (const good of ['seed', '_hash', '$s', 'seed2', 's'.repeat(50)]) expect([good, firstIssue(seedIdentifierSchema, good)]).toEqual([good, null]);
    expect(seedIdentifierSchema.parse('  seed  ')).toBe('seed');
  });

  it('a generative token needs a seed value and a name, 50 characters each', () => {
    expect(generativeTokenRequest.parse({ seedValue: ' 42 ', name: ' Seed 42 ' })).toEqual({ seedValue: '42', name: 'Seed 42' });
    expect(firstIssue(generativeTokenRequest, { seedValue: '', name: 'x' })).toBe('Required Field');
    expect(firstIssue(generativeTokenRequest, { seedValue: '1', name: 'n'.repeat(51) })).toBe('Maximum 50 characters');
    expect(firstIssue(generativeTokenRequest, { seedValue: 's'.repeat(51), name: 'x' })).toBe('Maximum 50 characters');
  });
});

describe('flipcard grid and the token edit card', () => {
  it('rows and columns are whole numbers from 1 to 10', () => {
    expect(flipcardGridSchema.parse({ rows: 1, columns: 2 })).toEqual({ rows: 1, columns: 2 });
    expect(firstIssue(flipcardGridSchema, { rows: 0, columns: 2 })).toBe('Invalid input');
    expect(firstIssue(flipcardGridSchema, { rows: 1, columns: 1.5 })).toBe('Invalid input');
    expect(firstIssue(flipcardGridSchema, { rows: 11, columns: 1 })).toBe('Invalid input');
  });

  it('a token name is required (max 50); a description may be empty, else follows the description rule', () => {
    expect(tokenUpdateSchema.parse({ name: ' Dawn ', description: '' })).toEqual({ name: 'Dawn', description: '' });
    expect(firstIssue(tokenUpdateSchema, { name: '', description: '' })).toBe('Required Field');
    expect(firstIssue(tokenUpdateSchema, { name: 'n'.repeat(51), description: '' })).toBe('Maximum 50 characters');
    expect(firstIssue(tokenUpdateSchema, { name: 'Dawn', description: '<b>' })).toBe(INVALID_DESCRIPTION);
    expect(firstIssue(tokenUpdateSchema, { name: 'Dawn', description: 'x'.repeat(2001) })).toBe(INVALID_DESCRIPTION);
    expect(tokenDeletedNotice('Dawn')).toBe('Dawn has been deleted');
  });
});

describe('files, labels and the entry step', () => {
  it('file extensions and names', () => {
    expect(extensionOf('Sketch.JS')).toBe('js');
    expect(extensionOf('noext')).toBe('');
    expect(isScriptFile('sketch.js')).toBe(true);
    expect(isScriptFile('sketch.json')).toBe(false);
    expect(hasValidFileName('sketch.js')).toBe(true);
  });

  it('media types are labelled Image, Flipcard, Generative Art, Video, GIF', () => {
    expect(MEDIA_TYPE_LABELS).toEqual({ image: 'Image', 'multipart/image': 'Flipcard', 'multipart/mixed': 'Generative Art', video: 'Video', gif: 'GIF', sound: 'Sound' });
  });

  it('an opened collection starts on upload (none), preview (building) or publish (finalized, published)', () => {
    expect(entryStep(null)).toBe('upload');
    expect(entryStep({ state: 'building' })).toBe('preview');
    expect(entryStep({ state: 'finalized' })).toBe('publish');
    expect(entryStep({ state: 'published' })).toBe('publish');
  });
});

// The studio's pages read the plain rules (domain/studioRules.ts, domain/textRules.ts: no zod in their first load);
// the server parses with the zod schemas. Each pair answers every value of a corpus alike: the same first message,
// and for a whole form the same parsed details.
describe('plain rules and zod schemas answer alike', () => {
  const texts: unknown[] = [
    '', ' ', '\t\n', 'a', ' Harbour Lights ', 'n'.repeat(50), 'n'.repeat(51), ` ${'n'.repeat(50)} `, 'S'.repeat(10), 'S'.repeat(11),
    'Sale #1', 'Night photographs.', 'Crème brûlée (2024): "café" + = , ;', '<b>', 'x'.repeat(2000), 'x'.repeat(2001), ` ${'x'.repeat(2000)} `,
    'seed', '_hash', '$s', '1seed', 'my seed', 'seed-1', 'sé', '  seed  ', 's'.repeat(51), 'line\nbreak', 'tab\there', '×', 'Ā',
    null, undefined, 0, 1, 5, true, {}, [], ['a'],
  ];
  const numbers: unknown[] = [
    '', ' ', '0', '1', ' 1 ', '1.0', '1.5', '2.5', '-1', '-0', '10000', '10001', '100000', '1000000', '1000001', '1e3', '0x10', '.5', '5.',
    'abc', 'NaN', 'Infinity', ' 250 ', null, undefined, 0, 1, 7, 250, 1.5, -2, 10000, 10001, Number.NaN, Number.POSITIVE_INFINITY,
    true, false, {}, [], [3], 2 ** 60,
  ];
  const fields = { name: texts, symbol: texts, description: texts, royaltiesBasispoints: numbers, supplyPerToken: numbers } as const;

  it.each(Object.keys(fields) as Array<keyof typeof fields>)('%s', (field) => {
    const schema = canvasDetailsSchema.shape[field];
    for (const value of fields[field]) expect([value, canvasDetailsFieldError(field, value)]).toEqual([value, firstIssue(schema, value)]);
  });

  it('mediaType', () => {
    for (const value of [...STUDIO_MEDIA_TYPES, 'sound', 'IMAGE', '', null, undefined, 1, {}]) {
      expect([value, canvasDetailsFieldError('mediaType', value)]).toEqual([value, firstIssue(canvasDetailsSchema.shape.mediaType, value)]);
    }
  });

  it('a whole form: the first message, or the same parsed details', () => {
    const forms: unknown[] = [
      details(), details({ name: '  Harbour Lights ', supplyPerToken: '' }), details({ royaltiesBasispoints: 0, supplyPerToken: 7 }),
      details({ royaltiesBasispoints: ' 1.0 ' }), details({ supplyPerToken: null }), details({ name: '' }), details({ symbol: 'S'.repeat(11) }),
      details({ description: 'Sale #1' }), details({ royaltiesBasispoints: '2.5' }), details({ supplyPerToken: '0' }), details({ mediaType: 'sound' }),
      details({ name: '', mediaType: 'sound' }), details({ extra: 'kept out' }), {}, null, 'text', 3, [],
    ];
    for (const form of forms) {
      const parsed = z.safeParse(canvasDetailsSchema, form);
      const plain = parseCanvasDetails(form);
      if (parsed.success) expect([form, plain]).toEqual([form, { success: true, data: parsed.data }]);
      else expect([form, plain]).toEqual([form, { success: false, message: parsed.error.issues[0]?.message }]);
    }
  });

  it('generative inputs, the flipcard grid and the token edit card', () => {
    for (const value of texts) {
      expect([value, seedIdentifierError(value)]).toEqual([value, firstIssue(seedIdentifierSchema, value)]);
      expect([value, seedValueError(value)]).toEqual([value, firstIssue(seedValueSchema, value)]);
      expect([value, tokenNameError(value)]).toEqual([value, firstIssue(tokenNameSchema, value)]);
      expect([value, tokenDescriptionError(value)]).toEqual([value, firstIssue(tokenDescriptionSchema, value)]);
      expect([value, collectionDescriptionError(value)]).toEqual([value, firstIssue(collectionDescriptionSchema, value)]);
    }
    for (const value of numbers) expect([value, flipcardGridError(value)]).toEqual([value, firstIssue(flipcardGridSchema.shape.rows, value)]);
  });

  it('file names', () => {
    for (const value of ['sketch.js', 'my file_1-2.png', 'bad#name.png', 'é.png', '', ' ', 'a/b.png', null, undefined, 3]) {
      expect([value, fileNameError(value)]).toEqual([value, firstIssue(fileNameSchema, value)]);
    }
  });
});
