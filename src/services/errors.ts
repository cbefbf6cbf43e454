// Error classes the services throw; callers match on the class or `kind`, never on message text.
import { readErrorBody } from '../../domain/contracts/errorBody';

export type ServiceErrorKind = 'region' | 'general';

export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly kind: ServiceErrorKind;
  constructor(message: string, options: { kind?: ServiceErrorKind; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.kind = options.kind ?? 'general';
  }
}

/** The server refused the request because of the visitor's region (HTTP 451 or 403). */
export class RegionBlockedError extends ServiceError {
  override name = 'RegionBlockedError';
  constructor(message = 'This service is not available in your region.', cause?: unknown) {
    super(message, { kind: 'region', cause });
  }
}

/** A non-2xx HTTP answer; `code` is the server's `error` field when it sent one. */
export class HttpError extends ServiceError {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** The server's refusal (`status`, its body as read, or null when it was not JSON) as an HttpError in its own words. */
export function refusalError(status: number, body: unknown): HttpError {
  const { error, message } = readErrorBody(body);
  return new HttpError(status, error, message ?? `Request failed with status ${status}`);
}

/** The request never got an answer (offline, DNS, connection refused). */
export class NetworkError extends ServiceError {
  override name = 'NetworkError';
  constructor(cause?: unknown) {
    super('The network is unavailable. Check your connection and try again.', { cause });
  }
}

/** GraphQL answered with `errors`. */
export class GraphqlError extends ServiceError {
  override name = 'GraphqlError';
  constructor(
    message: string,
    readonly errors: ReadonlyArray<{ message: string; path?: ReadonlyArray<string | number> }>,
  ) {
    super(message);
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException ? error.name === 'AbortError' : (error as { name?: string })?.name === 'AbortError';
}
