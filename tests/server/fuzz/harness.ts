// Sends generated requests in-process (server.app.request), checks each answer, and keeps the tallies.
import { authFetch, type ApiKeyCredentials } from '../../../src/services/authFetch.js';
import { signedRequest } from '../authFixtures.js';
import type { FuzzContext, Who } from './context.js';
import type { FuzzRequest, NonceChoice } from './routes.js';
import { snapshotDiff, type Snapshot } from './snapshot.js';

export interface Failure {
  where: string;
  problem: string;
  request: string;
  /** How many requests failed this way. */
  times: number;
}

const API = '/api/v1';
const FIXED_NONCE = `${Date.now()}-fuzzfixednonce`;

function resolveNonce(choice: NonceChoice): string {
  if (typeof choice === 'string') return choice === 'FIXED' ? FIXED_NONCE : choice;
  return `${Date.now() + choice.offsetMs}-${choice.suffix}`;
}

const preview = (value: unknown, max = 300) => {
  const text = typeof value === 'string' ? value : value instanceof Uint8Array ? `<${value.length} bytes> ${Buffer.from(value.slice(0, 120)).toString('latin1')}` : String(value);
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);
};

export function describeRequest(request: FuzzRequest): string {
  const auth = request.auth.kind === 'signed' ? `signed as ${request.auth.who}` : request.auth.kind === 'headers' ? `Authorization ${preview(request.auth.authorization, 80)}, Nonce ${preview(request.auth.nonce === undefined ? '(none)' : JSON.stringify(request.auth.nonce), 80)}` : 'no auth';
  const headers = Object.keys(request.headers).length ? ` headers ${JSON.stringify(request.headers)}` : '';
  const body = request.body.body === undefined ? '' : ` body ${preview(request.body.body)}`;
  return `${request.method} ${preview(request.path, 200)} (${auth}; ${request.body.kind}; Content-Type ${preview(request.body.contentType ?? '(none)', 100)})${headers}${body}`;
}

export class FuzzHarness {
  /** Requests sent, per route / GraphQL field. */
  readonly sent = new Map<string, number>();
  readonly statuses = new Map<number, number>();
  readonly failures = new Map<string, Failure>();
  /** GraphQL answers by outcome: data, or the first error's code (BAD_USER_INPUT, GRAPHQL_VALIDATION_FAILED, ...). */
  readonly graphqlOutcomes = new Map<string, number>();
  batches = 0;
  /** Batches whose database was compared (no request in them was a successful write). */
  comparedBatches = 0;

  private spareUsed = 0;

  constructor(private readonly ctx: FuzzContext) {}

  private keyOf(who: Who): ApiKeyCredentials {
    if (who !== 'spare') return this.ctx.keys[who];
    // Each spare key signs one request (it may be revoked by it); the last one is reused once they run out.
    const spares = this.ctx.spareKeys;
    return spares[Math.min(this.spareUsed++, spares.length - 1)]!;
  }

  get total(): number {
    let total = 0;
    for (const n of this.sent.values()) total += n;
    return total;
  }

  fail(where: string, problem: string, request: string): void {
    const key = `${where} | ${problem}`;
    const existing = this.failures.get(key);
    if (existing) existing.times += 1;
    else this.failures.set(key, { where, problem, request, times: 1 });
  }

  private count(where: string, status: number): void {
    this.sent.set(where, (this.sent.get(where) ?? 0) + 1);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  /** Sends a REST (or any non-GraphQL-document) request; returns whether it may have written (a write that succeeded). */
  async rest(request: FuzzRequest): Promise<{ wrote: boolean }> {
    const { server } = this.ctx;
    const headers = new Headers(request.headers);
    if (request.body.contentType !== undefined) headers.set('Content-Type', request.body.contentType);
    const init: RequestInit = { method: request.method, headers, body: request.body.body as BodyInit | undefined };
    let response: Response;
    try {
      if (request.auth.kind === 'signed') {
        const key = this.keyOf(request.auth.who);
        response = request.path.startsWith(`${API}/`) || request.path === API
          ? await signedRequest(server, request.path.slice(API.length), init, key)
          : await authFetch(request.path, init, key, { base: '', fetch: async (input, requestInit) => server.app.request(input, requestInit) });
      } else {
        if (request.auth.kind === 'headers') {
          if (request.auth.authorization !== undefined) headers.set('Authorization', request.auth.authorization);
          if (request.auth.nonce !== undefined) headers.set('Nonce', resolveNonce(request.auth.nonce));
        }
        response = await server.app.request(request.path, init);
      }
    } catch (error) {
      // Thrown out of app.request: the server did not answer at all (or the generator built an unsendable request).
      this.count(request.route, 0);
      this.fail(request.route, `threw instead of answering: ${(error as Error).message}`, describeRequest(request));
      return { wrote: false };
    }
    this.count(request.route, response.status);
    const text = await response.text();
    const problem = checkResponse(request.path, request.method, response, text);
    if (problem) this.fail(request.route, problem, describeRequest(request));
    const write = !['GET', 'HEAD', 'OPTIONS'].includes(request.method) && !request.path.startsWith('/graphql');
    return { wrote: write && response.status < 400 };
  }

  /** POST /graphql with a generated document; GraphQL has no mutations here, so it never writes. */
  async graphql(field: string, body: string, description: string, authorization?: string): Promise<void> {
    let response: Response;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (authorization !== undefined) headers.Authorization = authorization;
    try {
      response = await this.ctx.server.app.request('/graphql', { method: 'POST', headers, body });
    } catch (error) {
      this.count(`graphql ${field}`, 0);
      this.fail(`graphql ${field}`, `threw instead of answering: ${(error as Error).message}`, description);
      return;
    }
    this.count(`graphql ${field}`, response.status);
    const text = await response.text();
    const problem = checkResponse('/graphql', 'POST', response, text);
    if (problem) this.fail(`graphql ${field}`, problem, description);
    let outcome = `status ${response.status}`;
    try {
      const body = JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] };
      // Variable coercion errors carry no code.
      outcome = body.errors?.length ? (body.errors[0]!.extensions?.code ?? 'NO_CODE') : 'data';
    } catch {
      // not JSON: counted by status
    }
    // FUZZ_DEBUG=1 also counts outcomes by message: how far the generated queries get.
    if (process.env.FUZZ_DEBUG) {
      const message = /"message":"(.{0,70})/.exec(text)?.[1] ?? text.slice(0, 70);
      const key = `${outcome} ${message}`;
      this.graphqlOutcomes.set(key, (this.graphqlOutcomes.get(key) ?? 0) + 1);
    }
    this.graphqlOutcomes.set(outcome, (this.graphqlOutcomes.get(outcome) ?? 0) + 1);
  }

  /** Compares the database after a batch with the one before it, unless a request in it wrote legitimately. */
  compare(where: string, before: Snapshot, after: Snapshot, wrote: boolean, requests: string[]): void {
    this.batches += 1;
    if (wrote) return;
    this.comparedBatches += 1;
    const diff = snapshotDiff(before, after);
    if (diff.length > 0) this.fail(where, `a rejected request changed the database: ${diff.join('; ')}`, requests.join('\n      '));
  }

  summary(): string {
    const statuses = Object.fromEntries([...this.statuses].sort((a, b) => a[0] - b[0]));
    return `${this.total} requests, ${this.batches} batches (${this.comparedBatches} compared for writes); statuses ${JSON.stringify(statuses)}; GraphQL outcomes ${JSON.stringify(Object.fromEntries(this.graphqlOutcomes))}`;
  }

  report(): string {
    return [...this.failures.values()]
      .map((failure) => `${failure.where}: ${failure.problem} (${failure.times}×)\n    e.g. ${failure.request}`)
      .join('\n');
  }
}

/** The problem with one answer, or null: no 5xx; REST errors are `{ error, message }`; GraphQL never masks a crash. */
export function checkResponse(path: string, method: string, response: Response, text: string): string | null {
  const status = response.status;
  if (status >= 500) return `status ${status}: ${text.slice(0, 200)}`;
  const graphql = path.split('?')[0] === '/graphql';
  if (graphql && method === 'POST') {
    // GraphQL over HTTP: yoga answers an Accept it cannot serve (text/html, application/xml) with a bodiless 406.
    if (status === 406 && text === '') return null;
    type GraphqlAnswer = { errors?: { message?: string }[]; error?: unknown; message?: unknown } | null;
    let body: GraphqlAnswer;
    try {
      body = JSON.parse(text) as GraphqlAnswer;
    } catch {
      return `GraphQL answered ${status} with a body that is not JSON: ${text.slice(0, 120)}`;
    }
    // yoga's maskedErrors turns a thrown non-GraphQL error (a crash) into "Unexpected error." with status 200.
    const masked = body?.errors?.find((error) => error.message === 'Unexpected error.');
    if (masked) return 'GraphQL masked an internal error ("Unexpected error.")';
    if (status >= 400 && !Array.isArray(body?.errors) && !isErrorShape(body)) return `GraphQL ${status} without errors: ${text.slice(0, 120)}`;
    return null;
  }
  if (status < 400 || method === 'HEAD') return null;
  // 416 from /ipfs is an HTTP range answer: empty body plus Content-Range, as browsers and media players expect.
  if (status === 416 && path.startsWith('/ipfs/')) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${status} body is not JSON: ${text.slice(0, 120)}`;
  }
  if (!isErrorShape(body)) return `${status} body is not { error, message }: ${text.slice(0, 160)}`;
  if (!/^application\/json\b/.test(response.headers.get('content-type') ?? '')) return `${status} error with Content-Type ${response.headers.get('content-type')}`;
  return null;
}

function isErrorShape(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const keys = Object.keys(body).sort();
  const { error, message } = body as { error?: unknown; message?: unknown };
  return keys.length === 2 && keys[0] === 'error' && keys[1] === 'message' && typeof error === 'string' && error !== '' && typeof message === 'string';
}
