// Reading request bodies: a malformed body is the client's mistake (400), an unexpected type is 415, never a 500.
import type { Context } from 'hono';
import type { BodyData } from 'hono/utils/body';
import { ApiError } from './errors.js';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const FORM_TYPE = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

/** The JSON body; 400 invalid_json when it does not parse. */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

/**
 * The JSON body of a route whose body is optional: undefined when the request says no JSON Content-Type (the body is
 * not read) or its body is blank; 400 invalid_json when it does not parse.
 */
export async function readOptionalJson(c: Context): Promise<unknown> {
  if (!JSON_TYPE.test(c.req.header('Content-Type') ?? '')) return undefined;
  // Read once: readJson parses the cached text.
  if ((await c.req.text()).trim() === '') return undefined;
  return readJson(c);
}

/** The multipart or urlencoded fields (with `all`, repeated fields as arrays); 400 invalid_form when malformed. */
export async function readForm(c: Context, options: { all?: boolean } = {}): Promise<BodyData<{ all: boolean }>> {
  try {
    return await c.req.parseBody({ all: options.all ?? false });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // A body over its limit surfaces here as Hono's 413 HTTPException: keep its status.
    if ((error as { status?: unknown }).status === 413) throw error;
    throw new ApiError(400, 'invalid_form', 'The request body is not valid multipart/form-data.');
  }
}

/** JSON or form fields, by Content-Type; 415 for anything else. */
export async function readJsonOrForm(c: Context, expected = 'JSON or multipart/form-data'): Promise<unknown> {
  const type = c.req.header('Content-Type') ?? '';
  if (FORM_TYPE.test(type)) return readForm(c);
  if (JSON_TYPE.test(type)) return readJson(c);
  throw new ApiError(415, 'unsupported_media_type', `Send the request body as ${expected}.`);
}

/** Only form fields (profile and collection edits with a file); 415 for anything else. */
export async function readFormOnly(c: Context, expected: string): Promise<BodyData<{ all: boolean }>> {
  if (!FORM_TYPE.test(c.req.header('Content-Type') ?? '')) throw new ApiError(415, 'unsupported_media_type', expected);
  return readForm(c, { all: true });
}

/** Text fields PostgreSQL cannot store (a NUL character) are refused as input (400), before anything is written. */
export function refuseNul(fields: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value.includes('\u0000')) throw new ApiError(400, 'invalid_input', `${name}: text cannot contain a NUL character.`);
  }
}
