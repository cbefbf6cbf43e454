// Request bodies: malformed JSON, wrong content types, broken multipart, oversized fields, wrong-typed fields.
import fc from 'fast-check';
import { RAW_NUMBER_LITERALS, badJsonValue, badString, deepJson, headerString, trapKeys } from './values.js';

export interface FuzzBody {
  /** What kind of badness this is (shown with a failing request). */
  kind: string;
  contentType?: string;
  body?: string | Uint8Array;
}

/** How the route reads its body: the fields it looks at, and whether it takes multipart / urlencoded forms. */
export interface BodySpec {
  /** The handler's field names; fuzzed values land on these (plus a few others). */
  fields: readonly string[];
  /** Plausible values per field (real ids and the like), so a mostly valid body reaches the deeper checks. */
  valid?: Record<string, fc.Arbitrary<unknown>>;
  /** Values of the right kind at the edges (out of range, overlong), used among the bad ones. */
  edge?: Record<string, fc.Arbitrary<unknown>>;
  /** The route reads multipart/form-data (and urlencoded) bodies. */
  form?: boolean;
  /** Files the form takes (an avatar, a cover). */
  files?: readonly string[];
  /** The route reads JSON (default true). */
  json?: boolean;
}

const MALFORMED_JSON = ['{', '}', '{"a":', '[', '[1,', 'nul', 'tru', '{"a":1,}', "{'a':1}", '{a:1}', '{"a":1}}', '{"a":"\\x"}', '{"a":"\\u12"}', '"\\uD800"', '\u0000', '', ' ', '\uFEFF{}', 'undefined', 'NaN', '01', '{"__proto__":', '/* */{}', '{"a":1}\n{"a":2}'];
const JSON_NON_OBJECTS = ['null', '[]', '[{}]', '"str"', '1', '-1', '1e999', 'true', '{}', '[null]', '""'];
const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=bogus',
  'application/jsonx',
  'application/json, text/html',
  'APPLICATION/JSON',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary="unterminated',
  'multipart/mixed; boundary=abc',
  'application/x-www-form-urlencoded; charset=utf-7',
  'image/png',
  '*/*',
  ';;;',
  '',
  ' ',
];

type FieldValues = Record<string, unknown>;

/** Weights for "bad with probability `nasty`". */
const mix = <T>(nasty: number, good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) =>
  fc.oneof({ weight: Math.max(1, Math.round((1 - nasty) * 20)), arbitrary: good }, { weight: Math.max(1, Math.round(nasty * 20)), arbitrary: bad });

/**
 * An object on the route's fields. Half the time each field is plausible with one or two bad (or missing) ones,
 * which gets past the first check to the next; else most fields are bad. Sometimes trap keys and unknown keys too.
 */
function fieldObject(spec: BodySpec): fc.Arbitrary<FieldValues> {
  const badOf = (field: string) => {
    const edge = spec.edge?.[field];
    return edge ? fc.oneof({ weight: 2, arbitrary: edge }, { weight: 1, arbitrary: badJsonValue }) : badJsonValue;
  };
  const known = (nasty: number) =>
    fc.tuple(
      ...spec.fields.map((field) => {
        const valid = spec.valid?.[field];
        const value = valid ? mix(nasty, valid, badOf(field)) : badOf(field);
        return fc.tuple(fc.constant(field), fc.option(value, { nil: undefined, freq: 8 }));
      }),
    );
  // Every field valid but one, which is bad or missing: the closest miss, what the deepest checks are for.
  const oneBad = fc.nat({ max: spec.fields.length - 1 }).chain((bad) =>
    fc.tuple(
      ...spec.fields.map((field, i) => {
        const valid = spec.valid?.[field];
        if (i === bad) return fc.tuple(fc.constant(field), fc.option(badOf(field), { nil: undefined, freq: 5 }));
        return fc.tuple(fc.constant(field), valid ? fc.option(valid, { nil: undefined, freq: 10 }) : fc.constant(undefined));
      }),
    ),
  );
  const extra = fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(fc.tuple(fc.oneof(trapKeys, fc.string({ maxLength: 8 })), badJsonValue), { minLength: 1, maxLength: 2 }) });
  return fc.tuple(fc.oneof(oneBad, known(0.15), known(0.6)), extra).map(([fields, extras]) => {
    const object: FieldValues = {};
    for (const [key, value] of [...fields, ...extras]) {
      if (value !== undefined) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return object;
  });
}

const stringify = (value: unknown) => JSON.stringify(value) ?? 'null';

/** Raw JSON text whose number literals JSON.stringify could not write (1e999, -0, 30 digits). */
function rawNumberJson(spec: BodySpec): fc.Arbitrary<string> {
  return fc
    .tuple(fieldObject(spec), fc.subarray([...spec.fields], { minLength: 1 }), fc.constantFrom(...RAW_NUMBER_LITERALS))
    .map(([object, fields, literal]) => {
      const text = stringify(object).slice(1, -1);
      const raw = fields.map((field) => `${JSON.stringify(field)}:${literal}`).join(',');
      return `{${[text, raw].filter(Boolean).join(',')}}`;
    });
}

/** The route's fields with one or more of them nested thousands deep (raw text), or the whole body nested. */
function deepJsonBody(spec: BodySpec): fc.Arbitrary<string> {
  return fc.oneof(
    fc.tuple(fieldObject(spec), fc.subarray([...spec.fields], { minLength: 1, maxLength: Math.min(2, spec.fields.length) }), deepJson).map(([object, fields, deep]) => {
      const text = stringify(object).slice(1, -1);
      const raw = fields.map((field) => `${JSON.stringify(field)}:${deep}`).join(',');
      return `{${[text, raw].filter(Boolean).join(',')}}`;
    }),
    deepJson,
  );
}

/** Form fields as [name, text or file] pairs; file names and types are bad too. */
interface Part {
  name: string;
  value: string | { filename: string; type: string; bytes: Uint8Array };
}

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const fileValue = fc.record({
  filename: fc.oneof(fc.constantFrom('a.png', '../../etc/passwd', '', 'a\u0000.png', '"quoted".png', 'x'.repeat(300), 'con', '.png'), fc.string({ maxLength: 8 })),
  type: fc.constantFrom('image/png', 'image/jpeg', 'image/gif', 'image/svg+xml', 'text/html', 'application/octet-stream', '', 'image/', 'x'),
  bytes: fc.oneof(
    fc.uint8Array({ maxLength: 64 }),
    fc.uint8Array({ maxLength: 64 }).map((tail) => Uint8Array.from([...PNG_HEADER, ...tail])),
    fc.constant(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
    fc.constant(new TextEncoder().encode('GIF89a')),
    fc.constant(new Uint8Array(0)),
  ),
});

function formParts(spec: BodySpec): fc.Arbitrary<Part[]> {
  const asText = (value: unknown) => (typeof value === 'string' ? value : stringify(value));
  const files = spec.files ?? [];
  const text = (field: string, nasty: number) => {
    const valid = spec.valid?.[field];
    const edge = spec.edge?.[field];
    const bad = edge ? fc.oneof(edge.map(asText), badString) : badString;
    return valid ? mix(nasty, valid.map(asText), bad) : bad;
  };
  // Each field once, mostly plausible (a file part where a file goes), with one or two bad spots.
  const plausible = fc
    .tuple(
      ...[...spec.fields, ...files].map((name) =>
        fc.option(fc.record({ name: fc.constant(name), value: files.includes(name) ? mix<Part['value']>(0.3, fileValue, text(name, 0.5)) : mix<Part['value']>(0.1, text(name, 0.15), fileValue) }), { nil: undefined, freq: 6 }),
      ),
    )
    .map((parts) => parts.filter((part): part is Part => part !== undefined));
  // Any fields, repeated, files where text goes, trap names.
  const names = [...spec.fields, ...files];
  const part = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names).chain((name) => fc.record({ name: fc.constant(name), value: files.includes(name) ? fc.oneof(fileValue, text(name, 0.6)) : fc.oneof({ weight: 4, arbitrary: text(name, 0.6) }, { weight: 1, arbitrary: fileValue }) })) },
    { weight: 1, arbitrary: fc.record({ name: fc.oneof(trapKeys, fc.string({ maxLength: 6 })), value: fc.oneof(badString, fileValue) }) },
  );
  return fc.oneof(plausible, fc.array(part, { maxLength: names.length + 2 }));
}

const encoder = new TextEncoder();
const quoteParam = (value: string) => value.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A');

function multipartBytes(parts: Part[], boundary: string, eol = '\r\n', final = true): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    let head = `--${boundary}${eol}Content-Disposition: form-data; name="${quoteParam(part.name)}"`;
    if (typeof part.value === 'string') {
      chunks.push(encoder.encode(`${head}${eol}${eol}${part.value}${eol}`));
    } else {
      head += `; filename="${quoteParam(part.value.filename)}"${eol}Content-Type: ${part.value.type}`;
      chunks.push(encoder.encode(`${head}${eol}${eol}`), part.value.bytes, encoder.encode(eol));
    }
  }
  if (final) chunks.push(encoder.encode(`--${boundary}--${eol}`));
  const out = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';

/** Well-formed multipart with bad fields, or multipart broken in one of the ways parsers trip on. */
function multipartBody(spec: BodySpec): fc.Arbitrary<FuzzBody> {
  const broken = fc.constantFrom('ok', 'ok', 'mismatch', 'truncated', 'noFinal', 'noBoundary', 'emptyBoundary', 'quoted', 'long', 'lfOnly', 'noDisposition', 'garbage', 'headerOnly', 'nested');
  return fc.tuple(formParts(spec), broken, fc.nat(), headerString(30)).map(([parts, how, cut, junk]): FuzzBody => {
    const type = `multipart/form-data; boundary=${BOUNDARY}`;
    const whole = multipartBytes(parts, BOUNDARY);
    switch (how) {
      case 'mismatch':
        return { kind: 'multipart: boundary mismatch', contentType: 'multipart/form-data; boundary=somethingElse', body: whole };
      case 'truncated':
        return { kind: 'multipart: truncated', contentType: type, body: whole.slice(0, whole.length === 0 ? 0 : cut % whole.length) };
      case 'noFinal':
        return { kind: 'multipart: no final boundary', contentType: type, body: multipartBytes(parts, BOUNDARY, '\r\n', false) };
      case 'noBoundary':
        return { kind: 'multipart: no boundary parameter', contentType: 'multipart/form-data', body: whole };
      case 'emptyBoundary':
        return { kind: 'multipart: empty boundary', contentType: 'multipart/form-data; boundary=', body: multipartBytes(parts, '') };
      case 'quoted':
        return { kind: 'multipart: quoted boundary', contentType: `multipart/form-data; boundary="${BOUNDARY}"`, body: whole };
      case 'long': {
        const boundary = 'b'.repeat(200);
        return { kind: 'multipart: overlong boundary', contentType: `multipart/form-data; boundary=${boundary}`, body: multipartBytes(parts, boundary) };
      }
      case 'lfOnly':
        return { kind: 'multipart: LF line ends', contentType: type, body: multipartBytes(parts, BOUNDARY, '\n') };
      case 'noDisposition':
        return { kind: 'multipart: part without Content-Disposition', contentType: type, body: `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\n${junk}\r\n--${BOUNDARY}--\r\n` };
      case 'garbage':
        return { kind: 'multipart: garbage', contentType: type, body: junk };
      case 'headerOnly':
        return { kind: 'multipart: no body', contentType: type };
      case 'nested':
        return { kind: 'multipart: nested multipart/mixed', contentType: type, body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"\r\nContent-Type: multipart/mixed; boundary=inner\r\n\r\n--inner\r\nContent-Disposition: file; filename="a.txt"\r\n\r\n${junk}\r\n--inner--\r\n--${BOUNDARY}--\r\n` };
      default:
        return { kind: 'multipart: bad fields', contentType: type, body: whole };
    }
  });
}

function urlencodedBody(spec: BodySpec): fc.Arbitrary<FuzzBody> {
  const pairs = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...spec.fields), trapKeys), badString), { maxLength: spec.fields.length + 1 });
  return fc.oneof(
    pairs.map((list) => ({ kind: 'urlencoded: bad fields', contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(list).toString() })),
    fc.constantFrom('%', '%zz=1', 'a=%E0%A4%A', '&&&', '=', '==', 'a[b]=1&a[c]=2', '__proto__[x]=1', 'token_id=%00', 'text=%FF%FE').map((body) => ({ kind: 'urlencoded: malformed', contentType: 'application/x-www-form-urlencoded', body })),
  );
}

/** A body for a route that reads `spec` (or, without a spec, reads none: then garbage of every kind). */
export function bodyArbitrary(spec: BodySpec | undefined): fc.Arbitrary<FuzzBody> {
  const generic: fc.WeightedArbitrary<FuzzBody>[] = [
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_JSON).map((body) => ({ kind: 'malformed JSON', contentType: 'application/json', body })) },
    { weight: 1, arbitrary: fc.constantFrom(...JSON_NON_OBJECTS).map((body) => ({ kind: 'JSON that is not an object', contentType: 'application/json', body })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), badJsonValue).map(([contentType, value]) => ({ kind: 'wrong content type', contentType, body: stringify(value) })) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 48 }).map((body) => ({ kind: 'binary bytes', contentType: 'application/json', body })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'no body' }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'JSON content type, empty body', contentType: 'application/json' }) },
  ];
  if (!spec) return fc.oneof(...generic);
  const json = spec.json ?? true;
  const specific: fc.WeightedArbitrary<FuzzBody>[] = [
    { weight: json ? 5 : 1, arbitrary: fieldObject(spec).map((object) => ({ kind: 'JSON with bad fields', contentType: 'application/json', body: stringify(object) })) },
    { weight: json ? 2 : 1, arbitrary: rawNumberJson(spec).map((body) => ({ kind: 'JSON with raw number literals', contentType: 'application/json', body })) },
    { weight: 1, arbitrary: deepJsonBody(spec).map((body) => ({ kind: 'deeply nested JSON', contentType: 'application/json', body })) },
    {
      weight: 1,
      arbitrary: fc.tuple(fieldObject(spec), fc.nat()).map(([object, cut]) => {
        const text = stringify(object);
        return { kind: 'truncated JSON', contentType: 'application/json', body: text.slice(0, cut % Math.max(1, text.length)) };
      }),
    },
    { weight: spec.form ? 6 : 2, arbitrary: multipartBody(spec) },
    { weight: spec.form ? 2 : 1, arbitrary: urlencodedBody(spec) },
  ];
  return fc.oneof(...generic, ...specific);
}
