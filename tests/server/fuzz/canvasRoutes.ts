// Fuzz entries of the studio routes (the creator studio): the canvas REST routes and the tus upload endpoint. Real canvas
// ids in every state and of another creator, so generated requests get past the 404s to the access, state and
// input checks.
import fc from 'fast-check';
import type { FuzzContext } from './context.js';
import type { FuzzRoute } from './routes.js';

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);

const canvasIds = (ctx: FuzzContext) => {
  const c = ctx.ids.canvases;
  return [c.image, c.image, c.generative, c.flipcard, c.finalized, c.published, c.other, ctx.ids.collections.own];
};

const detailsBody = () => ({
  fields: ['name', 'symbol', 'description', 'royaltiesBasispoints', 'supplyPerToken', 'mediaType', 'attributes'],
  files: ['cover'],
  form: true,
  valid: {
    name: pick(['Harbour', ' Harbour ', 'n'.repeat(50), '<img src=x onerror=alert(1)>']),
    symbol: pick(['HBR', 'S'.repeat(10)]),
    description: pick(['Night photographs.', 'Études (2024): "light", shade_1.']),
    royaltiesBasispoints: pick(['0', '500', 10000, '10000', 250]),
    supplyPerToken: pick(['1', 1, '25', '']),
    mediaType: pick(['image', 'gif', 'video', 'multipart/image', 'multipart/mixed']),
    attributes: pick([
      JSON.stringify({ index: { seedVariableName: 'seed' }, jsLibrary: 'p5' }),
      JSON.stringify({ display: { rows: 2, columns: 3 } }),
      { index: { seedVariableName: 'seed' } },
      '',
    ]),
  },
  edge: {
    name: pick(['', '   ', 'n'.repeat(51), 'a\u0000b']),
    symbol: pick(['', 'S'.repeat(11)]),
    description: pick(['', 'x'.repeat(2001), 'bad <b>', '50%']),
    royaltiesBasispoints: pick(['-1', '10001', '2.5', '1e3', 'NaN', 100000, 2 ** 53]),
    supplyPerToken: pick(['0', '-1', '1.5', 2 ** 31, '1e999']),
    mediaType: pick(['sound', 'IMAGE', 'multipart/mixed ', '__proto__']),
    attributes: pick([
      '{rows',
      '[]',
      'null',
      JSON.stringify({ index: { seedVariableName: '1x' } }),
      JSON.stringify({ index: { seedVariableName: 's'.repeat(51), entry: 'evil.js' } }),
      JSON.stringify({ jsLibrary: 'three' }),
      JSON.stringify({ display: { rows: 0, columns: 2 } }),
      JSON.stringify({ display: { rows: 1, columns: 11, action: 'hover' } }),
      JSON.stringify({ __proto__: { polluted: 1 }, files: [{ name: 'x', cid: 'y' }] }),
    ]),
  },
});

export function canvasRoutes(): FuzzRoute[] {
  return [
    { route: 'POST /api/v1/canvas/', auth: 'signed', weight: 4, body: detailsBody },
    {
      route: 'GET /api/v1/canvas/:id',
      auth: 'optional',
      params: (ctx) => ({ id: canvasIds(ctx) }),
    },
    { route: 'PUT /api/v1/canvas/:id', auth: 'signed', weight: 4, params: (ctx) => ({ id: canvasIds(ctx) }), body: detailsBody },
    { route: 'DELETE /api/v1/canvas/:id', auth: 'signed', weight: 0.5, params: (ctx) => ({ id: [ctx.ids.canvases.finalized, ctx.ids.canvases.published, ctx.ids.canvases.other, ctx.ids.collections.own] }) },
    { route: 'POST /api/v1/canvas/:id/finalize', auth: 'signed', weight: 0.5, params: (ctx) => ({ id: [ctx.ids.canvases.published, ctx.ids.canvases.finalized, ctx.ids.canvases.other, ctx.ids.collections.own] }) },
    {
      route: 'POST /api/v1/canvas/:id/publish',
      auth: 'signed',
      params: (ctx) => ({ id: canvasIds(ctx) }),
      // Optional JSON: a generative collection's renders by token id (server/studio/publish.ts publishRenders).
      body: () => ({
        fields: ['renders'],
        valid: {
          renders: pick([
            {},
            { 1: { check: 'pixels', sha256: 'a'.repeat(64), width: 480, height: 480, frame: 1 } },
            { 1: { check: 'none', reason: 'webgl' }, 2: { check: 'none', reason: 'varies' } },
          ]),
        },
        edge: {
          renders: pick([
            { 1: { check: 'pixels', sha256: 'A'.repeat(64), width: 480, height: 480, frame: 1 } },
            { 1: { check: 'pixels', sha256: 'a'.repeat(64), width: 0, height: 16_385, frame: -1 } },
            { '01': { check: 'none', reason: 'webgl' } },
            { 999: { check: 'none', reason: 'webgl' } },
            { 1: { check: 'none', reason: 'gpu' } },
            JSON.parse('{"__proto__":{"check":"none","reason":"webgl"}}') as unknown,
            [{ check: 'none', reason: 'webgl' }],
            null,
          ]),
        },
      }),
    },
    {
      route: 'GET /api/v1/canvas/:id/token/:tokenId',
      auth: 'optional',
      params: (ctx) => ({ id: canvasIds(ctx), tokenId: ['1', '2', '3', '01', '1'.repeat(79)] }),
    },
    {
      route: 'PUT /api/v1/canvas/:id/token/:tokenId',
      auth: 'signed',
      weight: 3,
      params: (ctx) => ({ id: canvasIds(ctx), tokenId: ['1', '2', '3'] }),
      body: () => ({
        fields: ['name', 'description'],
        form: true,
        valid: { name: pick(['Dawn', ' Dawn ', 'n'.repeat(50)]), description: pick(['', 'First light.', 'x'.repeat(2000)]) },
        edge: { name: pick(['', 'n'.repeat(51), 'a\u0000b']), description: pick(['x'.repeat(2001), '<b>', 'a\u0000b']) },
      }),
    },
    { route: 'DELETE /api/v1/canvas/:id/token/:tokenId', auth: 'signed', weight: 0.5, params: (ctx) => ({ id: [ctx.ids.canvases.finalized, ctx.ids.canvases.published, ctx.ids.canvases.other, ctx.ids.canvases.flipcard], tokenId: ['2', '3'] }) },
    {
      route: 'POST /api/v1/canvas/:id/token',
      auth: 'signed',
      weight: 3,
      params: (ctx) => ({ id: [ctx.ids.canvases.generative, ctx.ids.canvases.generative, ...canvasIds(ctx)] }),
      body: () => ({
        fields: ['name', 'seedValue'],
        form: true,
        valid: { name: pick(['Seed', 'n'.repeat(50)]), seedValue: pick(['42', 'abc', 's'.repeat(50)]) },
        edge: { name: pick(['', 'n'.repeat(51)]), seedValue: pick(['', 's'.repeat(51), 'a\u0000b']) },
      }),
    },
  ];
}

/** tus request headers with real and bad values (tus-js-client sends these; the signed-request headers come from auth). */
const tusHeaders = (ctx: FuzzContext): Record<string, string[]> => ({
  'Tus-Resumable': ['1.0.0', '0.2.2', ''],
  'Upload-Length': ['10', '0', '-1', '1e3', '99999999999999999999', String(200 * 1_048_576)],
  'Upload-Metadata': [
    `filename ${btoa('a.png')},type ${btoa('image/png')},name ${btoa('a')},category ${btoa('token')}`,
    `filename ${btoa('../../x.js')},type ${btoa('text/javascript')}`,
    `filename ${btoa('a b.png')}`,
    'filename !!!notbase64',
    'filename',
    `${'k'.repeat(300)} ${btoa('v')}`,
  ],
  'Upload-Offset': ['0', '5', '-1', 'x'],
  'upload-context': ['media', 'cover', 'collection', 'thumbnail', 'other', ''],
  container_id: [ctx.ids.canvases.image, ctx.ids.canvases.other, 'x'],
  'Upload-Defer-Length': ['1', '0'],
});

export function uploadRoutes(): FuzzRoute[] {
  const containers = (ctx: FuzzContext) => ({ containerId: [ctx.ids.canvases.image, ctx.ids.canvases.generative, ctx.ids.canvases.finalized, ctx.ids.canvases.published, ctx.ids.canvases.other] });
  const uploads = (ctx: FuzzContext) => ({ ...containers(ctx), uploadId: ['0123456789abcdef0123456789abcdef', 'missing', '..'] });
  return [
    { route: 'POST /api/v1/canvas/:containerId/upload', auth: 'signed', weight: 2, params: containers, headers: tusHeaders },
    { route: 'POST /api/v1/canvas/:containerId/upload/', auth: 'signed', weight: 2, params: containers, headers: tusHeaders },
    { route: 'GET /api/v1/canvas/:containerId/upload/:uploadId', auth: 'signed', params: uploads, headers: tusHeaders },
    { route: 'PATCH /api/v1/canvas/:containerId/upload/:uploadId', auth: 'signed', weight: 2, params: uploads, headers: tusHeaders },
    { route: 'DELETE /api/v1/canvas/:containerId/upload/:uploadId', auth: 'signed', params: uploads, headers: tusHeaders },
    { route: 'OPTIONS /api/v1/canvas/:containerId/upload', auth: 'none', weight: 0.3, params: containers },
    { route: 'OPTIONS /api/v1/canvas/:containerId/upload/*', auth: 'none', weight: 0.3, params: () => ({ '*': ['', 'abc', '../x'] }) },
  ];
}
