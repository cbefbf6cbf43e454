// A REST refusal's body, one shape for every route (server/http/errors.ts builds it): { error: "<code>", message:
// "<human text>" }. Read without zod: the client's first-load request code reads refusals, and zod loads later.

export interface ErrorBody {
  /** The refusal's code (`invalid_input`, `rate_limited`, ...). */
  error?: string;
  /** What to tell the person, in the server's words. */
  message?: string;
}

/** The code and message a refusal's body carries: each absent when the body is not that shape (not JSON, a proxy's page). */
export function readErrorBody(body: unknown): ErrorBody {
  if (!body || typeof body !== 'object') return {};
  const { error, message } = body as Record<string, unknown>;
  return { ...(typeof error === 'string' ? { error } : {}), ...(typeof message === 'string' ? { message } : {}) };
}
