// Every HTTP route of the server, and how to aim bad requests at it. Adding a route to the server means adding
// one entry here; the suite fails while a registered route has no entry (see uncoveredRoutes).
import fc from 'fast-check';
import { bodyArbitrary, type BodySpec, type FuzzBody } from './bodies.js';
import type { FuzzContext, Who } from './context.js';
import { BAD_IDS, badString, headerString } from './values.js';
import { artistRoutes } from './artistRoutes.js';
import { canvasRoutes, uploadRoutes } from './canvasRoutes.js';
import { contactRoutes } from './contactRoutes.js';

export type AuthKind = 'none' | 'optional' | 'signed';

export interface FuzzRoute {
  /** As Hono lists it in app.routes: `${method} ${path}`; method ALL stands for any method. */
  route: string;
  /** none: public; optional: more for the owner; signed: a signed request is required. */
  auth: AuthKind;
  /** Real values per path parameter (`*` for a trailing wildcard), to get past the 404s. */
  params?: (ctx: FuzzContext) => Record<string, string[]>;
  /** The body the handler reads; without it, bodies of every kind are still sent and must be harmless. */
  body?: (ctx: FuzzContext) => BodySpec;
  /** Request headers the handler reads besides auth (Range, If-None-Match, ...), with values worth trying. */
  headers?: (ctx: FuzzContext) => Record<string, string[]>;
  /** Other registered routes this entry exercises too (e.g. HEAD of a GET). */
  alsoCovers?: string[];
  /** The route revokes the key it is signed with: only spare keys (and an expired one) sign its requests. */
  revokesKey?: boolean;
  /** Relative share of the runs (default 1); routes with bodies to check get more. */
  weight?: number;
}

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
const ids = (...values: string[]) => values;

export const ROUTES: FuzzRoute[] = [
  { route: 'GET /api/v1/config', auth: 'none', weight: 0.3 },
  { route: 'GET /api/v1/health', auth: 'none', weight: 0.3 },
  { route: 'GET /api/v1/account/nonce', auth: 'none', weight: 0.3 },
  {
    route: 'POST /api/v1/account',
    auth: 'none',
    weight: 3,
    body: (ctx) => {
      const { valid, signedVariants } = ctx.logins;
      const real = [valid, ...signedVariants];
      const apiKeys = real.map((body) => body.apiKey);
      return {
        fields: ['message', 'signature', 'apiKey', 'accountId'],
        valid: {
          message: pick(real.map((body) => body.message)),
          signature: fc.oneof(pick(real.map((body) => body.signature)), pick(['0x', '0x00', `0x${'00'.repeat(65)}`, `0x${'ff'.repeat(65)}`, `0x${'1b'.repeat(65)}`, `0x${'ab'.repeat(2049)}`])),
          apiKey: fc.oneof(
            pick(apiKeys),
            fc.record({ address: fc.oneof(pick([ctx.logins.valid.apiKey as { address: string }].map((key) => key.address)), badString), alias: fc.oneof(badString, fc.constant(null)), expires: fc.oneof(pick([Date.now() + 3_600_000, '2999-01-01T00:00:00Z', 8.64e15 + 1, -1, 0, 1e308, '9999-99-99']), badString) }),
          ),
          accountId: pick([null, '1', 1, ctx.ids.aliceAccount, ...BAD_IDS.slice(0, 12)]),
        },
      };
    },
  },
  { route: 'DELETE /api/v1/account/session', auth: 'signed', revokesKey: true, weight: 0.5 },
  { route: 'GET /api/v1/account/banned/:id', auth: 'none', params: (ctx) => ({ id: ids(ctx.ids.aliceAccount, ctx.ids.aliceAddress, ctx.ids.aliceAddress.toUpperCase()) }) },
  { route: 'GET /api/v1/account/:id', auth: 'optional', params: (ctx) => ({ id: ids(ctx.ids.aliceAccount, ctx.ids.bobAccount, ctx.ids.aliceAddress) }) },
  {
    route: 'PUT /api/v1/account/:id',
    auth: 'signed',
    weight: 3,
    params: (ctx) => ({ id: ids(ctx.ids.aliceAccount, ctx.ids.aliceAddress, ctx.ids.bobAccount) }),
    body: () => ({
      fields: ['alias', 'email', 'avatarChanged'],
      files: ['avatar'],
      form: true,
      json: false,
      valid: { alias: pick(['alice', ' a ', 'a'.repeat(65), '<img src=x onerror=alert(1)>']), email: pick(['alice@example.com', 'not-an-email', 'a@b', `${'a'.repeat(250)}@b.co`]), avatarChanged: pick(['true', 'false', 'TRUE', '1']) },
    }),
  },
  { route: 'GET /api/v1/likes/account', auth: 'signed' },
  {
    route: 'POST /api/v1/likes/*',
    auth: 'signed',
    weight: 2,
    params: () => ({ '*': ['', '', '', 'x', '..', '%2F'] }),
    body: (ctx) => ({ fields: ['token_id'], form: true, valid: { token_id: fc.oneof(pick(ctx.ids.tokens), pick(ctx.ids.tokens.map(Number))) } }),
  },
  { route: 'DELETE /api/v1/likes/token/:tokenId', auth: 'signed', params: (ctx) => ({ tokenId: ctx.ids.tokens.slice(0, 3) }) },
  { route: 'DELETE /api/v1/likes/:id', auth: 'signed', params: (ctx) => ({ id: ids(ctx.ids.likes.own, ctx.ids.likes.other) }) },
  { route: 'GET /api/v1/collection/featured', auth: 'none', weight: 0.3 },
  { route: 'GET /api/v1/collection/trending', auth: 'none', weight: 0.3 },
  // The editorial pages: the home carousel's slides.
  { route: 'GET /api/v1/home/slides', auth: 'none', weight: 0.3 },
  {
    route: 'PUT /api/v1/collection/:id',
    auth: 'signed',
    weight: 3,
    params: (ctx) => ({ id: ids(ctx.ids.collections.own, ctx.ids.collections.own, ctx.ids.collections.other, ctx.ids.collections.hidden, ctx.ids.collections.building) }),
    body: () => ({ fields: ['description'], files: ['cover'], form: true, json: false, valid: { description: pick(['A fine collection.', 'x'.repeat(2001), 'bad <b>', ' ']) } }),
  },
  {
    route: 'POST /api/v1/comments',
    auth: 'signed',
    weight: 3,
    body: (ctx) => ({
      fields: ['token_id', 'parent_id', 'text'],
      form: true,
      valid: {
        token_id: pick([...ctx.ids.tokens.slice(0, 2), Number(ctx.ids.tokens[0])]),
        parent_id: pick([ctx.ids.comments.own, ctx.ids.comments.deleted, ctx.ids.comments.deepest, ctx.ids.comments.other, null]),
        text: pick(['', '   ', '\n', 'x'.repeat(2001), 'a\u0000b', '\uD800', 'fine']),
      },
    }),
  },
  {
    route: 'PUT /api/v1/comments/:id',
    auth: 'signed',
    weight: 2,
    params: (ctx) => ({ id: Object.values(ctx.ids.comments) }),
    body: () => ({ fields: ['text'], form: true, valid: { text: pick(['', '   ', 'x'.repeat(2001), 'a\u0000b', '\uD800']) } }),
  },
  { route: 'DELETE /api/v1/comments/:id', auth: 'signed', params: (ctx) => ({ id: ids(ctx.ids.comments.other, ctx.ids.comments.deleted, ctx.ids.comments.own) }) },
  {
    route: 'POST /api/v1/comments/:id/vote',
    auth: 'signed',
    weight: 2,
    params: (ctx) => ({ id: Object.values(ctx.ids.comments) }),
    body: () => ({ fields: ['value'], form: true, valid: { value: pick([0, 2, -2, '+1', '1.0', 1.0000001, true, '1', -1]) } }),
  },
  ...canvasRoutes(),
  ...uploadRoutes(),
  ...artistRoutes(),
  ...contactRoutes(),
  {
    route: 'POST /api/v1/trade/check',
    auth: 'signed',
    weight: 3,
    body: (ctx) => ({
      fields: ['kind', 'chainId', 'token_id', 'saleId', 'container_id', 'collection', 'tokenId', 'price'],
      valid: {
        kind: pick(['order', 'offer', 'list', 'listCollection']),
        chainId: pick([31337, 1, '31337']),
        token_id: pick(ctx.ids.tokens),
        saleId: pick(['1', '2']),
        container_id: pick(Object.values(ctx.ids.collections)),
        collection: pick(ctx.ids.collectionAddresses),
        tokenId: pick(['1', '2']),
        price: pick(['1', '0.1', '2.5']),
      },
      edge: {
        kind: pick(['ORDER', 'list ', '__proto__']),
        chainId: pick([1111111111111111, 2147483648, -1, 0, 1.5, '1e3', '0x7a69']),
        saleId: pick(['0', '1'.repeat(78), '1'.repeat(79), '-1', '1.0']),
        tokenId: pick(['0', '1'.repeat(78), '1'.repeat(79)]),
        price: pick(['0', '-1', '1e-18', '0.0000000000000000001', '1'.repeat(100), 'NaN', '1e999', '0x10', ' 1']),
      },
    }),
  },
  {
    route: 'POST /graphql',
    auth: 'none',
    weight: 3,
    body: () => ({
      fields: ['query', 'variables', 'operationName', 'extensions'],
      valid: {
        query: pick(['{ __typename }', 'query Q { getMarketplaceTokens { totalCount } }', '{', 'mutation { x }', 'subscription { x }', '{ __schema { types { name } } }', `{ ${'a: __typename '.repeat(500)} }`, `{ ${'getMarketplaceTokens { edges { node { collection { '.repeat(12)} } }`, 'query A { __typename } query B { __typename }']),
        operationName: pick(['Q', 'A', 'Nope', '']),
        extensions: pick([{ persistedQuery: { version: 1, sha256Hash: 'abc' } }, {}]),
      },
    }),
  },
  {
    // The 405 for other methods; the generated method is any but POST.
    route: 'ALL /graphql',
    auth: 'none',
    weight: 0.5,
  },
  { route: 'GET /ipfs/thumbnail/:cid', auth: 'none', params: (ctx) => ({ cid: ids(ctx.ids.media.image, ctx.ids.media.manifest) }) },
  {
    route: 'GET /ipfs/:cid',
    auth: 'none',
    params: (ctx) => ({ cid: ids(ctx.ids.media.image, ctx.ids.media.sketch) }),
    headers: (ctx) => ({
      Range: ['bytes=0-0', 'bytes=-1', 'bytes=5-1', 'bytes=999999999999999999999-', 'bytes=0-1,2-3', 'bytes=-0', 'bytes=1e3-', 'items=0-1', 'bytes=--1', 'bytes=-99999999999999999999'],
      'If-None-Match': [`"${ctx.ids.media.image}"`, '*', 'W/"x"'],
    }),
  },
  { route: 'GET /ipfs/:cid/:file', auth: 'none', params: (ctx) => ({ cid: ids(ctx.ids.media.manifest, ctx.ids.media.image), file: ids('1.json', '2.json', '0.json', '1.JSON', '__proto__.json', `${'9'.repeat(31)}.json`) }) },
  { route: 'GET /sandbox/lib/:file', auth: 'none', params: () => ({ file: ids('p5.min.js', 'p5@1.0.0.min.js', '__proto__') }) },
  { route: 'GET /sandbox/sketch/:cid', auth: 'none', params: (ctx) => ({ cid: ids(ctx.ids.media.sketch, ctx.ids.media.image) }) },
  { route: 'GET /sandbox/:file', auth: 'none', params: () => ({ file: ids('generative.html', 'generative.js', 'generative.css', '__proto__', 'constructor', 'hasOwnProperty', 'toString') }) },
  {
    // The built app; paths under /api, /graphql, /ipfs, /sandbox and /socket.io must answer JSON 404s, not index.html.
    route: 'GET /*',
    auth: 'none',
    alsoCovers: ['HEAD /*'],
    params: () => ({ '*': ['', 'index.html', 'assets/index-abc123.js', 'sw.js', 'token/1', 'api', 'api/v2/x', 'socket.io/x', 'assets/../../../etc/passwd', 'assets/%2e%2e/%2e%2e/etc/passwd', '.env', '.git/config'] }),
  },
  {
    // REST's own 404 for anything else under /api/v1, any method.
    route: 'ALL /api/v1/*',
    auth: 'optional',
    weight: 0.5,
    params: () => ({ '*': ['likes', 'comments/1/votes', 'account/1/extra', 'trade', 'trade/check/x', 'collection', 'config/x'] }),
  },
];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Registered routes (from app.routes) with no entry here; middleware-only ALL routes are not handlers and are skipped. */
export function uncoveredRoutes(registered: readonly { method: string; path: string }[]): string[] {
  const covered = new Set(ROUTES.flatMap((route) => [route.route, ...(route.alsoCovers ?? [])]));
  const handlers = new Set(registered.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`));
  return [...handlers].filter((key) => !covered.has(key)).sort();
}

export type AuthChoice =
  | { kind: 'none' }
  | { kind: 'signed'; who: Who }
  /** Authorization and Nonce headers written by hand: malformed, wrong key, stale or reused nonce, ... */
  | { kind: 'headers'; authorization?: string; nonce?: NonceChoice };

/** A Nonce header: literal, or "now + offset" with a suffix (resolved when the request is sent). */
export type NonceChoice = string | { offsetMs: number; suffix: string };

function authArbitrary(ctx: FuzzContext, auth: AuthKind, revokesKey = false): fc.Arbitrary<AuthChoice> {
  // Hand-written headers may carry a nonce that happens to be valid: on a revoking route, with a key we can lose.
  const alice = revokesKey ? ctx.spareKeys[0]! : ctx.keys.alice;
  const authorization = fc.oneof(
    pick([
      '',
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      `Bearer ${alice.address}`,
      `Bearer ${alice.address}:`,
      `Bearer ${alice.address}:short`,
      `Bearer ${alice.address}:${'k'.repeat(129)}`,
      `Bearer ${alice.address}:${'A'.repeat(43)}`,
      `Bearer ${alice.address.toUpperCase().replace('0X', '0x')}:${alice.key}`,
      `bearer ${alice.address}:${alice.key}`,
      `Bearer ${alice.address}:${alice.key} extra`,
      `Bearer ${alice.address}:${alice.key},Bearer x`,
      `Bearer 0x${'0'.repeat(40)}:${alice.key}`,
      `Bearer __proto__:${alice.key}`,
      `Bearer ${ctx.keys.bob.address}:${alice.key}`,
      `Bearer ${ctx.keys.expired.address}:${ctx.keys.expired.key}`,
    ]),
    headerString(60).map((junk) => `Bearer ${junk}`),
    headerString(60),
  );
  const validAuthorization = `Bearer ${alice.address}:${alice.key}`;
  const nonce: fc.Arbitrary<NonceChoice> = fc.oneof(
    pick<NonceChoice>([
      '',
      'abc',
      '__proto__',
      '1e999-abcdefgh',
      '9999999999999999-abcdefgh',
      '0000000000-abcdefgh',
      '-1-abcdefgh',
      { offsetMs: -10 * 60_000, suffix: 'abcdefgh' },
      { offsetMs: 10 * 60_000, suffix: 'abcdefgh' },
      { offsetMs: 0, suffix: 'short' },
      { offsetMs: 0, suffix: 'a'.repeat(65) },
      { offsetMs: 0, suffix: 'abc-defgh' },
      { offsetMs: 0.5, suffix: 'abcdefgh' },
      // The same nonce every time: accepted once, then refused as reused.
      'FIXED',
    ]),
    headerString(40),
  );
  const bad = fc.oneof(
    fc.record({ kind: fc.constant('headers' as const), authorization, nonce: fc.option(nonce, { nil: undefined }) }),
    fc.record({ kind: fc.constant('headers' as const), authorization: fc.constant(validAuthorization), nonce: fc.option(nonce, { nil: undefined }) }),
  );
  const signed = (who: Who) => fc.constant<AuthChoice>({ kind: 'signed', who });
  const none = fc.constant<AuthChoice>({ kind: 'none' });
  if (revokesKey) return fc.oneof({ weight: 6, arbitrary: signed('spare') }, { weight: 1, arbitrary: signed('expired') }, { weight: 3, arbitrary: bad }, { weight: 1, arbitrary: none });
  if (auth === 'none') return fc.oneof({ weight: 6, arbitrary: none }, { weight: 1, arbitrary: bad }, { weight: 1, arbitrary: signed('alice') });
  if (auth === 'optional') {
    return fc.oneof({ weight: 3, arbitrary: none }, { weight: 3, arbitrary: signed('alice') }, { weight: 1, arbitrary: signed('bob') }, { weight: 1, arbitrary: signed('expired') }, { weight: 2, arbitrary: bad });
  }
  return fc.oneof(
    { weight: 10, arbitrary: signed('alice') },
    { weight: 2, arbitrary: signed('bob') },
    { weight: 1, arbitrary: signed('banned') },
    { weight: 1, arbitrary: signed('expired') },
    { weight: 3, arbitrary: bad },
    { weight: 1, arbitrary: none },
  );
}

export interface FuzzRequest {
  route: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  auth: AuthChoice;
  body: FuzzBody;
}

/** encodeURIComponent, with lone surrogates (which it refuses) sent as U+FFFD. */
const encode = (value: string) => encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
const encodeSegment = (value: string, how: 'encoded' | 'raw' | 'double') => (how === 'raw' ? value : how === 'double' ? encode(encode(value)) : encode(value));

const queryString = fc.oneof(
  { weight: 8, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: pick(['?', '?a=1&a=2', '?__proto__[x]=1', '?constructor=1', '?%zz', `?q=${'x'.repeat(3000)}`, '?id=1e999', '?perPage=-1']) },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }).map((text) => `?x=${encode(text)}`) },
);

/** One bad request for a route: its parameters, auth, extra headers and body. */
export function requestArbitrary(ctx: FuzzContext, spec: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  const [routeMethod, pattern] = spec.route.split(' ') as [string, string];
  const real = spec.params?.(ctx) ?? {};
  const names = [...pattern.matchAll(/:([A-Za-z_]+)|\*$/g)].map((match) => match[1] ?? '*');
  const segment = (name: string) => {
    const options: fc.WeightedArbitrary<string>[] = [
      { weight: 3, arbitrary: pick(BAD_IDS) },
      { weight: 1, arbitrary: badString.filter((text) => text.length < 3000) },
    ];
    if (real[name]?.length) options.push({ weight: 5, arbitrary: pick(real[name]) });
    return fc.tuple(fc.oneof(...options), fc.constantFrom<'encoded' | 'raw' | 'double'>('encoded', 'encoded', 'encoded', 'raw', 'double'));
  };
  const method =
    routeMethod === 'ALL'
      ? pick(spec.route === 'ALL /graphql' ? METHODS.filter((m) => m !== 'POST') : METHODS)
      : routeMethod === 'GET'
        ? fc.oneof({ weight: 9, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: fc.constant('HEAD') })
        : fc.constant(routeMethod);
  const extraHeaders = Object.entries(spec.headers?.(ctx) ?? {}).map(([name, values]) =>
    fc.option(fc.oneof(pick(values), headerString(30)).map((value) => [name, value] as const), { nil: undefined, freq: 2 }),
  );
  const bodySpec = spec.body?.(ctx);
  return fc
    .record({
      params: fc.tuple(...names.map(segment)),
      method,
      query: queryString,
      auth: authArbitrary(ctx, spec.auth, spec.revokesKey),
      headers: fc.tuple(...extraHeaders),
      accept: fc.option(pick(['text/html', '*/*', 'application/graphql-response+json', 'application/xml', '']), { nil: undefined, freq: 4 }),
      body: bodyArbitrary(bodySpec),
      // Routes that read no body mostly get none, so their own checks are what is exercised.
      withBody: bodySpec ? fc.constant(true) : fc.boolean(),
    })
    .map(({ params, method: verb, query, auth, headers, accept, body, withBody }) => {
      let path = pattern;
      params.forEach(([value, how], i) => {
        const name = names[i]!;
        path = name === '*' ? path.replace(/\*$/, encodeSegment(value, how === 'encoded' && real['*']?.includes(value) ? 'raw' : how)) : path.replace(`:${name}`, encodeSegment(value, how));
      });
      const all: Record<string, string> = Object.fromEntries(headers.filter((h): h is readonly [string, string] => h !== undefined));
      if (accept !== undefined) all.Accept = accept;
      const sent = withBody && verb !== 'GET' && verb !== 'HEAD' ? body : { kind: 'no body' };
      return { route: spec.route, method: verb, path: `${path}${query}`, headers: all, auth, body: sent };
    });
}
