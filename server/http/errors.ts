// One JSON error shape for every REST failure: { error: "<code>", message: "<human text>" } with a 4xx status.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { ErrorBody } from '../../domain/contracts/errorBody.js';
import { SERVER_FAILURE_MESSAGE } from '../../domain/messages.js';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** Response headers that go with the error (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function errorResponse(c: Context, status: ContentfulStatusCode, code: string, message: string) {
  return c.json({ error: code, message } satisfies ErrorBody, status);
}

/** Hono onError: known errors become their 4xx; anything else is logged and answered without details. */
export function handleError(error: Error, c: Context) {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return errorResponse(c, error.status, error.code, error.message);
  }
  // c.req.json() on a malformed body.
  if (error instanceof SyntaxError) return errorResponse(c, 400, 'invalid_json', 'The request body is not valid JSON.');
  // Any other error that says how it is answered (a status and a code: the media store's MediaError, ...).
  const answer = statusAndCode(error);
  if (answer) return errorResponse(c, answer.status, answer.code, error.message);
  if (error instanceof z.ZodError) return errorResponse(c, 400, 'invalid_input', z.prettifyError(error));
  // A value the database refused as data (a NUL character in text, a number out of range): the request's fault.
  if (isDataException(error)) return errorResponse(c, 400, 'invalid_input', DATA_EXCEPTION_MESSAGE);
  const status = (error as { status?: unknown }).status;
  // Hono's own HTTPExceptions (e.g. a malformed body) carry a 4xx status.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return errorResponse(c, status as ContentfulStatusCode, 'bad_request', error.message || 'Bad request.');
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return errorResponse(c, 500, 'internal_error', SERVER_FAILURE_MESSAGE);
}

/**
 * The 4xx status and the code an error carries, when it carries both: the HTTP layer answers a feature's refusals
 * without knowing their classes. (A database error's `code` is a SQLSTATE with no status, so it is not one of them.)
 */
export function statusAndCode(error: unknown): { status: ContentfulStatusCode; code: string } | null {
  const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown };
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 499) return null;
  if (typeof code !== 'string' || !code) return null;
  return { status: status as ContentfulStatusCode, code };
}

export const DATA_EXCEPTION_MESSAGE = 'A value in the request cannot be stored or compared: text with a NUL character, or a number out of range.';

/**
 * True for a PostgreSQL data exception (SQLSTATE class 22: 22021 a NUL byte in text, 22003 a number out of range,
 * 22P02 a malformed number, ...), also when wrapped as the cause of drizzle's DrizzleQueryError. Values the server
 * writes itself are always valid, so such an error comes from the request's input.
 */
export function isDataException(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/** Parses input with a zod schema, throwing a 400 ApiError with a readable message. */
export function parseInput<T extends z.core.$ZodType>(schema: T, value: unknown): z.output<T> {
  // A wire contract (zod/mini, domain/contracts) or a server schema (zod): the same core parses both.
  const result = z.safeParse(schema, value);
  if (!result.success) throw new ApiError(400, 'invalid_input', z.prettifyError(result.error));
  return result.data;
}
