// See docs/requirements.md#studio-details-form defaults: the details form's values,
// per-field messages and the payload it saves, with the rules shared with the server (domain/studioRules.ts, plain code: the server's zod schemas in
// domain/studio.ts are held to the same answers).
import {
  canvasDetailsFieldError,
  DEFAULT_SUPPLY_PER_TOKEN,
  FLIPCARD_DEFAULTS,
  flipcardGridError,
  parseCanvasDetails,
  PLEASE_FILL_ALL_MESSAGE,
  seedIdentifierError,
  seedValueError,
  tokenNameError,
  type StudioMediaType,
} from '../../domain/studioRules';
import { canvasAttributes, type CanvasAttributes, type DetailsField, type DetailsForm, type DetailsValues, type GenerativeValues, type SaveDetailsInput, type StudioCanvas } from './studioTypes';

const gridNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The form of a new collection: royalties from the config's suggestedRoyalty, supply 1, flipcard 1 × 2, p5. */
export function newDetailsValues(suggestedRoyalty: number | null): DetailsValues {
  return {
    name: '',
    symbol: '',
    description: '',
    royaltiesBasispoints: suggestedRoyalty === null ? '' : String(suggestedRoyalty),
    supplyPerToken: String(DEFAULT_SUPPLY_PER_TOKEN),
    mediaType: '',
    seedVariableName: '',
    jsLibrary: 'p5',
    rows: String(FLIPCARD_DEFAULTS.rows),
    columns: String(FLIPCARD_DEFAULTS.columns),
  };
}

/** The form of an existing collection (update step). */
export function canvasDetailsValues(canvas: StudioCanvas): DetailsValues {
  const attributes = canvasAttributes(canvas);
  const display = attributes.display;
  return {
    name: canvas.name,
    symbol: canvas.symbol,
    description: canvas.description,
    royaltiesBasispoints: String(canvas.royaltiesBasispoints),
    supplyPerToken: String(canvas.supplyPerToken),
    mediaType: canvas.mediaType,
    seedVariableName: attributes.index?.seedVariableName ?? '',
    jsLibrary: 'p5',
    rows: String(display?.rows ?? FLIPCARD_DEFAULTS.rows),
    columns: String(display?.columns ?? FLIPCARD_DEFAULTS.columns),
  };
}

export const emptyDetailsForm = (values: DetailsValues, coverFile: Blob | null = null, coverDropped: string | null = null): DetailsForm => ({
  values,
  errors: {},
  formError: null,
  coverEditing: coverFile !== null,
  coverFile,
  coverDropped,
});

/** The fields a media type shows: generative adds the seed identifier, flipcard the grid. */
export function detailsFieldsOf(mediaType: StudioMediaType | ''): DetailsField[] {
  const base: DetailsField[] = ['name', 'symbol', 'description', 'royaltiesBasispoints', 'supplyPerToken', 'mediaType'];
  if (mediaType === 'multipart/mixed') return [...base, 'seedVariableName'];
  if (mediaType === 'multipart/image') return [...base, 'rows', 'columns'];
  return base;
}

/** One field's message (the seed's texts), or null. */
export function detailsFieldError(field: DetailsField, values: DetailsValues): string | null {
  switch (field) {
    case 'seedVariableName':
      return seedIdentifierError(values.seedVariableName);
    case 'rows':
      return flipcardGridError(gridNumber(values.rows));
    case 'columns':
      return flipcardGridError(gridNumber(values.columns));
    case 'mediaType':
      return canvasDetailsFieldError('mediaType', values.mediaType === '' ? undefined : values.mediaType);
    default:
      return canvasDetailsFieldError(field, values[field]);
  }
}

export function detailsErrors(values: DetailsValues): Partial<Record<DetailsField, string>> {
  const errors: Partial<Record<DetailsField, string>> = {};
  for (const field of detailsFieldsOf(values.mediaType)) {
    const message = detailsFieldError(field, values);
    if (message) errors[field] = message;
  }
  return errors;
}

/** 'Please fill all necessary fields' when a required field is empty (docs/requirements.md#studio-details-form). */
export function missingFieldsMessage(values: DetailsValues): string | null {
  const required = detailsFieldsOf(values.mediaType).filter((field) => field !== 'supplyPerToken');
  return required.some((field) => String(values[field]).trim() === '') ? PLEASE_FILL_ALL_MESSAGE : null;
}

function attributesOf(values: DetailsValues): CanvasAttributes | null {
  if (values.mediaType === 'multipart/mixed') return { index: { seedVariableName: values.seedVariableName.trim() }, jsLibrary: values.jsLibrary };
  if (values.mediaType === 'multipart/image') {
    return { display: { layout: FLIPCARD_DEFAULTS.layout, action: FLIPCARD_DEFAULTS.action, transition: FLIPCARD_DEFAULTS.transition, rows: Number(values.rows), columns: Number(values.columns) } };
  }
  return null;
}

/** The save's input once every field passes; null otherwise. */
export function saveDetailsInput(canvasId: string | null, values: DetailsValues, cover: Blob | null): SaveDetailsInput | null {
  if (Object.keys(detailsErrors(values)).length) return null;
  const parsed = parseCanvasDetails(values);
  if (!parsed.success) return null;
  return { canvasId, details: parsed.data, attributes: attributesOf(values), cover };
}

export const emptyGenerativeValues = (): GenerativeValues => ({ seedValue: '', name: '' });

export function generativeErrors(values: GenerativeValues): Partial<Record<keyof GenerativeValues, string>> {
  const errors: Partial<Record<keyof GenerativeValues, string>> = {};
  const seedValue = seedValueError(values.seedValue);
  const name = tokenNameError(values.name);
  if (seedValue) errors.seedValue = seedValue;
  if (name) errors.name = name;
  return errors;
}
