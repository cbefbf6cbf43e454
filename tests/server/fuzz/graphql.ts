// GraphQL: every Query field of the running server's schema (read by introspection, so new operations are fuzzed
// without touching this file), called with bad arguments as variables and as inline literals.
import fc from 'fast-check';
import type { FuzzContext } from './context.js';
import { BAD_IDS, DEEP_NESTING, EXTREME_NUMBERS, badJsonValue, badNumber, badString, deepJsonText, trapKeys } from './values.js';

export interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}

interface InputValue {
  name: string;
  type: TypeRef;
}

interface Field {
  name: string;
  args: InputValue[];
  type: TypeRef;
}

interface FullType {
  kind: string;
  name: string;
  fields: Field[] | null;
  inputFields: InputValue[] | null;
  enumValues: { name: string }[] | null;
}

export interface SchemaInfo {
  queryFields: Field[];
  types: Map<string, FullType>;
}

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';
export const INTROSPECTION = `query FuzzIntrospection {
  __schema {
    queryType { name }
    types {
      kind name
      fields(includeDeprecated: true) { name args { name type { ${TYPE_REF} } } type { ${TYPE_REF} } }
      inputFields { name type { ${TYPE_REF} } }
      enumValues(includeDeprecated: true) { name }
    }
  }
}`;

export function schemaInfo(data: { __schema: { queryType: { name: string }; types: FullType[] } }): SchemaInfo {
  const types = new Map(data.__schema.types.map((type) => [type.name, type]));
  const query = types.get(data.__schema.queryType.name);
  if (!query?.fields?.length) throw new Error('the schema has no Query fields');
  return { queryFields: query.fields, types };
}

const named = (type: TypeRef): TypeRef => (type.ofType ? named(type.ofType) : type);
export const typeString = (type: TypeRef): string =>
  type.kind === 'NON_NULL' ? `${typeString(type.ofType!)}!` : type.kind === 'LIST' ? `[${typeString(type.ofType!)}]` : type.name!;

/** All scalar fields, and object fields down to `depth`, skipping fields that need arguments. */
export function selectionSet(info: SchemaInfo, type: TypeRef, depth = 3): string {
  const base = named(type);
  const full = info.types.get(base.name!);
  if (!full || (full.kind !== 'OBJECT' && full.kind !== 'INTERFACE')) return '';
  const parts: string[] = ['__typename'];
  for (const field of full.fields ?? []) {
    if (field.args.some((arg) => arg.type.kind === 'NON_NULL')) continue;
    const inner = named(field.type);
    const kind = info.types.get(inner.name!)?.kind;
    if (kind === 'SCALAR' || kind === 'ENUM') parts.push(field.name);
    else if (depth > 0) {
      const nested = selectionSet(info, field.type, depth - 1);
      if (nested) parts.push(`${field.name} ${nested}`);
    }
  }
  return `{ ${parts.join(' ')} }`;
}

/** A cursor that decodes, with values at the edges of what the server may turn into SQL. */
const craftedCursor = fc
  .tuple(
    fc.oneof({ weight: 6, arbitrary: fc.constantFrom('_id', 'likesCount', 'price') }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor') }),
    fc.oneof({ weight: 6, arbitrary: fc.constantFrom(1, -1) }, { weight: 1, arbitrary: fc.constantFrom(0, 2) }),
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(null, '0', '1', '2147483648', '99999999999', '9'.repeat(78), 0, 3, 2147483648) }, { weight: 1, arbitrary: fc.oneof(fc.constantFrom('9'.repeat(79), '-1', 'abc'), badNumber) }),
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(1, 2, 2 ** 31, 2 ** 53 - 1) }, { weight: 1, arbitrary: fc.oneof(fc.constantFrom(2 ** 53, 1e300, -1, 0, 1.5), badNumber) }),
  )
  .map((tuple) => Buffer.from(JSON.stringify(tuple)).toString('base64url'));

const badCursor = fc.oneof(
  craftedCursor,
  fc.constantFrom('', '!!!', 'bnVsbA', 'W10', 'e30', Buffer.from('["_id",-1,null,1,5]').toString('base64url'), 'x'.repeat(600), '\u0000'),
  fc.string({ maxLength: 12 }).map((text) => Buffer.from(text).toString('base64url')),
);

interface Hint {
  valid: unknown[];
  edge: unknown[];
}

/** Values by argument or input field name: valid ones get a query past the first check, edge ones test the next. */
function hintFor(ctx: FuzzContext, name: string): Hint | undefined {
  const byName: Record<string, Hint> = {
    sortBy: { valid: ['_id', 'likesCount', 'price'], edge: ['createdAt', 'name', ''] },
    sortDir: { valid: [1, -1], edge: [0, 2] },
    perPage: { valid: [1, 2, 20, 100], edge: [0, 101, -1] },
    page: { valid: [1], edge: [2, 0, -1] },
    chainId: { valid: [31337, 1], edge: [0, -1, 2147483647] },
    chainIds: { valid: [31337, 1], edge: [0, -1, 2147483647] },
    mediaTypes: { valid: ['image', 'video', 'gif', 'multipart/mixed', 'sound'], edge: ['IMAGE', ''] },
    saleId: { valid: ['1', '2'], edge: ['0', '9'.repeat(78), '9'.repeat(79)] },
    // Exhibitions (the editorial pages): the date the current exhibition runs at, and real exhibition ids.
    cDate: { valid: [new Date().toISOString(), String(Date.now()), '2020-01-15', '2020-01-15T10:00:00+02:00'], edge: ['now', '2030-02-30', '', '9'.repeat(17), '-1', '1e12', '0000-01-01', '9999-12-31T23:59:59.999-14:00'] },
    exhibition_id: { valid: ctx.ids.exhibitions, edge: ['0', '9'.repeat(16), '9'.repeat(17), ...ctx.ids.tokens.slice(0, 1), ...BAD_IDS.slice(0, 20)] },
  };
  if (byName[name]) return byName[name];
  if (/creator|owner|seller|address|viewer|account|buyer|artist/i.test(name)) {
    return { valid: [ctx.ids.aliceAddress, ctx.keys.bob.address], edge: [ctx.ids.aliceAddress.toUpperCase().replace('0X', '0x'), `0x${'0'.repeat(40)}`, ctx.ids.aliceAccount] };
  }
  if (/(^|_)ids?$|token|container|exclude|^id$|parent/i.test(name)) {
    return { valid: [...ctx.ids.tokens.slice(0, 3), ...Object.values(ctx.ids.collections), ...ctx.ids.saleIds, ...Object.values(ctx.ids.comments)], edge: BAD_IDS.slice(0, 40) };
  }
  return undefined;
}

const fitsScalar = (typeName: string, value: unknown) => (['Int', 'Float'].includes(typeName) ? typeof value === 'number' : typeName === 'Boolean' ? typeof value === 'boolean' : typeof value === 'string');

/**
 * A value of the argument's GraphQL type, so the query validates and the resolver runs. Each scalar inside it is
 * nasty (edge values, bad strings, crafted cursors) with probability `nasty`, else plausible: a low `nasty` gives
 * valid arguments with about one bad spot, which is what gets past the first check to the deeper ones.
 */
function typedValue(info: SchemaInfo, ctx: FuzzContext, type: TypeRef, name: string, nasty: number, depth = 0): fc.Arbitrary<unknown> {
  if (type.kind === 'NON_NULL') return typedValue(info, ctx, type.ofType!, name, nasty, depth);
  if (type.kind === 'LIST') {
    const items = fc.array(typedValue(info, ctx, type.ofType!, name, nasty, depth + 1), { maxLength: depth > 1 ? 1 : 3 });
    return fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 5, arbitrary: items });
  }
  const full = info.types.get(type.name!);
  if (full?.kind === 'ENUM') return fc.constantFrom(...full.enumValues!.map((value) => value.name));
  if (full?.kind === 'INPUT_OBJECT') {
    if (depth >= 3) return fc.constant(null);
    const fields = full.inputFields ?? [];
    return fc.record(Object.fromEntries(fields.map((field) => [field.name, typedValue(info, ctx, field.type, field.name, nasty, depth + 1)])), { requiredKeys: [] });
  }
  const weight = (share: number) => Math.max(1, Math.round(share * 100));
  return fc.oneof({ weight: weight(1 - nasty), arbitrary: plausibleScalar(ctx, type.name!, name) }, { weight: weight(nasty), arbitrary: nastyScalar(ctx, type.name!, name) });
}

function plausibleScalar(ctx: FuzzContext, typeName: string, name: string): fc.Arbitrary<unknown> {
  if (/after|cursor/i.test(name)) return craftedCursor;
  const valid = hintFor(ctx, name)?.valid.filter((value) => fitsScalar(typeName, value)) ?? [];
  if (valid.length > 0) return fc.constantFrom(...valid);
  switch (typeName) {
    case 'Int':
      return fc.constantFrom(1, 2, 20);
    case 'Float':
      return fc.constantFrom(1, 1.5);
    case 'Boolean':
      return fc.boolean();
    case 'String':
    case 'ID':
      return fc.constantFrom(...ctx.ids.tokens.slice(0, 2), ...Object.values(ctx.ids.collections), ctx.ids.aliceAddress, '1');
    default:
      // Custom scalars (JSON): a small object.
      return fc.constantFrom({}, { a: 1 }, []);
  }
}

function nastyScalar(ctx: FuzzContext, typeName: string, name: string): fc.Arbitrary<unknown> {
  const edge = hintFor(ctx, name)?.edge.filter((value) => fitsScalar(typeName, value)) ?? [];
  const options: fc.Arbitrary<unknown>[] = [];
  if (edge.length > 0) options.push(fc.constantFrom(...edge), fc.constantFrom(...edge));
  switch (typeName) {
    case 'Int':
      options.push(fc.constantFrom(0, -1, 100, 101, 1000, 2147483647, -2147483648), fc.integer(), fc.constantFrom(...EXTREME_NUMBERS));
      break;
    case 'Float':
      options.push(badNumber);
      break;
    case 'Boolean':
      options.push(fc.boolean());
      break;
    case 'String':
    case 'ID':
      options.push(fc.constantFrom(...BAD_IDS), badString);
      if (/after|cursor/i.test(name)) options.push(badCursor, badCursor, badCursor);
      break;
    default:
      options.push(badJsonValue);
  }
  return fc.oneof(...options);
}

/** A value of the wrong type: what variable coercion must refuse (1111111111111111 for an Int, objects for ids, ...). */
function wrongValue(info: SchemaInfo, type: TypeRef): fc.Arbitrary<unknown> {
  const full = info.types.get(named(type).name!);
  const unknownKeys = fc.dictionary(fc.oneof(trapKeys, fc.constantFrom('unknownFilter', 'sortby', '$where', 'chainId')), badJsonValue, { minKeys: 1, maxKeys: 2 });
  const options: fc.Arbitrary<unknown>[] = [badJsonValue, fc.constantFrom(1111111111111111, 2 ** 31, 1.5, '1', true, [], {}, null)];
  if (full?.kind === 'INPUT_OBJECT') options.push(unknownKeys, unknownKeys);
  return fc.oneof(...options);
}

/**
 * A crafted cursor made to belong to the request's own sort (default _id descending), so the edge values inside it
 * reach the keyset query instead of the "different sort" check.
 */
function alignCursor(names: string[], values: unknown[]): unknown[] {
  const pagination = values[names.indexOf('pagination')] as { after?: unknown } | null | undefined;
  if (!pagination || typeof pagination !== 'object' || typeof pagination.after !== 'string') return values;
  let tuple: unknown;
  try {
    tuple = JSON.parse(Buffer.from(pagination.after, 'base64url').toString('utf8'));
  } catch {
    return values;
  }
  if (!Array.isArray(tuple) || tuple.length !== 4) return values;
  const sort = (values[names.indexOf('sort')] ?? {}) as { sortBy?: unknown; sortDir?: unknown } | null;
  const sortBy = typeof sort?.sortBy === 'string' ? sort.sortBy : '_id';
  const sortDir = sort?.sortDir === 1 || sort?.sortDir === -1 ? sort.sortDir : -1;
  const after = Buffer.from(JSON.stringify([sortBy, sortDir, tuple[2], tuple[3]])).toString('base64url');
  return values.map((value) => (value === pagination ? { ...pagination, after } : value));
}

/** Literals GraphQL documents may carry that JSON variables cannot. */
const BAD_LITERALS = ['1e999', '-0', '99999999999999999999', '1111111111111111', '0x10', '"\\u0000"', '"\\uD800"', '"""block"""', '$undeclared', 'ENUM_LIKE', '{}', '[]', '[[[]]]', '{ __proto__: 1 }', 'null', '"unterminated', '1.5e', '{ unknownKey: 1 }'];

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([key]) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(key));
  return `{ ${entries.map(([key, inner]) => `${key}: ${literal(inner)}`).join(', ')} }`;
}

export interface GraphqlRequest {
  field: string;
  how: 'variables' | 'literals' | 'raw';
  body: string;
  /** The viewer's key (fields such as Comment.myVote read it), a bad one, or none. */
  authorization?: string;
}

/** The request for a failure report: the document's start (its arguments) and the variables. */
export function describeGraphql(request: GraphqlRequest): string {
  const auth = request.authorization ? ` (Authorization ${request.authorization.slice(0, 60)})` : '';
  let document: { query?: string; variables?: unknown };
  try {
    document = JSON.parse(request.body) as typeof document;
  } catch {
    return `${request.how}${auth}: ${request.body.slice(0, 500)}`;
  }
  let variables = '';
  try {
    if (document.variables !== undefined) variables = ` variables ${JSON.stringify(document.variables).slice(0, 600)}`;
  } catch {
    variables = ` variables (too deep to print) ${request.body.slice(request.body.indexOf('"variables"'), 300)}`;
  }
  return `${request.how}${auth}: ${String(document.query).slice(0, 300)}${variables}`;
}

/** Requests calling one Query field with bad arguments. */
export function graphqlArbitrary(info: SchemaInfo, ctx: FuzzContext, field: Field): fc.Arbitrary<GraphqlRequest> {
  // Scalars only, two levels (nodes and their scalars) or four (nested objects and lists, which cost more).
  const selectionOf = fc.oneof({ weight: 1, arbitrary: fc.constant(selectionSet(info, field.type, 0)) }, { weight: 3, arbitrary: fc.constant(selectionSet(info, field.type, 2)) }, { weight: 1, arbitrary: fc.constant(selectionSet(info, field.type, 4)) });
  // Mostly valid arguments with a bad spot or two; sometimes every argument bad, or of the wrong type.
  const argValue = (arg: InputValue, nasty: number) =>
    fc.oneof(
      { weight: 12, arbitrary: typedValue(info, ctx, arg.type, arg.name, nasty) },
      { weight: 1, arbitrary: wrongValue(info, arg.type) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  const argsWith = (nasty: number) => fc.tuple(...field.args.map((arg) => argValue(arg, nasty)));
  const names = field.args.map((arg) => arg.name);
  const args = fc
    .tuple(fc.oneof({ weight: 3, arbitrary: argsWith(0.12) }, { weight: 1, arbitrary: argsWith(0.6) }), fc.boolean())
    .map(([values, align]) => (align ? alignCursor(names, values) : values));
  const viaVariables = fc.tuple(args, selectionOf).map(([values, selection]): GraphqlRequest => {
    const declared = field.args.map((arg, i) => `$a${i}: ${typeString(arg.type)}`);
    const passed = field.args.map((arg, i) => `${arg.name}: $a${i}`);
    const variables = Object.fromEntries(values.map((value, i) => [`a${i}`, value]).filter(([, value]) => value !== undefined));
    const query = `query Fuzz${declared.length ? `(${declared.join(', ')})` : ''} { ${field.name}${passed.length ? `(${passed.join(', ')})` : ''} ${selection} }`;
    return { field: field.name, how: 'variables', body: JSON.stringify({ query, variables, operationName: 'Fuzz' }) ?? '{}' };
  });
  const viaLiterals = fc.tuple(args, fc.array(fc.nat({ max: Math.max(0, field.args.length - 1) }), { maxLength: 1 }), fc.constantFrom(...BAD_LITERALS), selectionOf).map(([values, raw, bad, selection]): GraphqlRequest => {
    const passed = field.args
      .map((arg, i) => (raw.includes(i) ? `${arg.name}: ${bad}` : values[i] === undefined ? null : `${arg.name}: ${literal(values[i])}`))
      .filter((text): text is string => text !== null);
    const query = `{ ${field.name}${passed.length ? `(${passed.join(', ')})` : ''} ${selection} }`;
    return { field: field.name, how: 'literals', body: JSON.stringify({ query }) };
  });
  // Field-level oddities: unknown args, aliases of the same field, directives, fragments on the wrong type.
  const selection = selectionSet(info, field.type, 2);
  const viaRaw = fc
    .constantFrom(
      `{ ${field.name}(unknownArg: 1) ${selection} }`,
      `{ a: ${field.name} ${selection} b: ${field.name} ${selection} }`,
      `{ ${field.name} @skip(if: "yes") ${selection} }`,
      `{ ${field.name} ${selection} ${field.name}(${field.args[0]?.name ?? 'x'}: null) ${selection} }`,
      `{ ${field.name} }`,
      `{ ${field.name} { ...F } } fragment F on Query { __typename }`,
    )
    .map((query): GraphqlRequest => ({ field: field.name, how: 'raw', body: JSON.stringify({ query }) }));
  // Nesting thousands deep: the document's selections, a list or input object literal, the variables' JSON.
  const firstArg = field.args[0];
  const viaDeep = fc
    .tuple(fc.constantFrom(...DEEP_NESTING), fc.constantFrom('selections', 'list', 'object', 'variables'))
    .map(([depth, where]): GraphqlRequest => {
      const call = (value: string) => `${field.name}${firstArg ? `(${firstArg.name}: ${value})` : ''} ${selection}`;
      let body: string;
      if (where === 'selections') body = JSON.stringify({ query: `{ ${field.name} ${'{ a '.repeat(depth)}${'}'.repeat(depth)} }` });
      else if (where === 'list') body = JSON.stringify({ query: `{ ${call(`${'['.repeat(depth)}1${']'.repeat(depth)}`)} }` });
      else if (where === 'object') body = JSON.stringify({ query: `{ ${call(`${'{ a: '.repeat(depth)}1${' }'.repeat(depth)}`)} }` });
      else {
        const declared = firstArg ? `($v: ${typeString(firstArg.type)})` : '';
        const query = `query Fuzz${declared} { ${field.name}${firstArg ? `(${firstArg.name}: $v)` : ''} ${selection} }`;
        body = `{"query":${JSON.stringify(query)},"variables":{"v":${deepJsonText(depth, 'mixed')}}}`;
      }
      return { field: field.name, how: 'raw', body };
    });
  const { alice, expired } = ctx.keys;
  const authorization = fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.constant(`Bearer ${alice.address}:${alice.key}`) },
    { weight: 1, arbitrary: fc.constantFrom('Bearer', `Bearer ${alice.address}:${'A'.repeat(43)}`, `Bearer ${expired.address}:${expired.key}`, `Bearer __proto__:${alice.key}`, 'Basic x') },
  );
  return fc
    .tuple(fc.oneof({ weight: 6, arbitrary: viaVariables }, { weight: 3, arbitrary: viaLiterals }, { weight: 1, arbitrary: viaRaw }, { weight: 1, arbitrary: viaDeep }), authorization)
    .map(([request, header]) => (header === undefined ? request : { ...request, authorization: header }));
}
