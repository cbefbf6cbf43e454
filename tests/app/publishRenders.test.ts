import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GenerativeRender } from '../../domain/generativeRender';
import type { StudioCanvas, StudioToken } from '../../machines/studio/studioTypes';

// The renders a generative collection is published with: each token drawn twice on the publishing device. The
// sandbox's drawing is scripted here (the real one: tests/e2e/renderCheck.spec.ts and studioGenerative.spec.ts).
const draws: Array<GenerativeRender | Error> = [];
const drawn: string[] = [];
const pages: Array<{ total: number; tokens: StudioToken[] }> = [];
vi.mock('../../src/services/media/renderCheck', () => ({
  drawRenderCheck: vi.fn(async (token: { _id: string }, _origin: string | null, signal?: AbortSignal) => {
    drawn.push(token._id);
    if (signal?.aborted) throw new DOMException('Stopped.', 'AbortError');
    const next = draws.shift();
    if (!next) throw new Error('no draw scripted');
    if (next instanceof Error) throw next;
    return next;
  }),
}));
vi.mock('../../src/services/studio/canvasTokens', () => ({
  fetchCanvasTokens: vi.fn(async () => pages.shift() ?? { total: 0, tokens: [] }),
}));

const { recordRenders } = await import('../../src/services/studio/publishRenders');
const { fetchCanvasTokens } = await import('../../src/services/studio/canvasTokens');

const PIXELS = (hash: string): GenerativeRender => ({ check: 'pixels', sha256: hash.repeat(64), width: 480, height: 480, frame: 1 });
const token = (tokenId: string): StudioToken =>
  ({ tokenId, name: `Token ${tokenId}`, description: null, mediaType: 'multipart/mixed', mediaUrl: null, thumbnailUrl: null, filename: null, attributes: { seedValue: tokenId } }) as StudioToken;
const canvas = { id: 'c1', mediaType: 'multipart/mixed', attributes: { index: { seedVariableName: 'seed' } } } as unknown as StudioCanvas;
const login = { address: '0xabc', apiKey: 'key' } as never;

beforeEach(() => {
  draws.length = 0;
  drawn.length = 0;
  pages.length = 0;
  vi.mocked(fetchCanvasTokens).mockClear();
});

describe('recordRenders', () => {
  it('records two equal draws as the pixels, two different ones as varying, WebGL after one draw, and leaves out a token that cannot draw', async () => {
    pages.push({ total: 4, tokens: [token('1'), token('2'), token('3'), token('4')] });
    draws.push(PIXELS('a'), PIXELS('a'), PIXELS('b'), PIXELS('c'), { check: 'none', reason: 'webgl' }, new Error('The artwork did not draw in time to check its render.'));
    const renders = await recordRenders(login, canvas, 'http://content.test');
    expect(renders).toEqual({ '1': PIXELS('a'), '2': { check: 'none', reason: 'varies' }, '3': { check: 'none', reason: 'webgl' } });
    // Each token drawn as the studio shows it (its seed under the canvas's seed variable name), twice unless WebGL or failed.
    expect(drawn).toEqual(['c1:1', 'c1:1', 'c1:2', 'c1:2', 'c1:3', 'c1:4']);
  });

  it('reads every page of tokens', async () => {
    const first = Array.from({ length: 100 }, (_, i) => token(String(i + 1)));
    pages.push({ total: 101, tokens: first }, { total: 101, tokens: [token('101')] });
    for (let i = 0; i < 202; i++) draws.push(PIXELS('e'));
    const renders = await recordRenders(login, canvas, 'http://content.test');
    expect(Object.keys(renders)).toHaveLength(101);
    expect(vi.mocked(fetchCanvasTokens).mock.calls.map((call) => call[1])).toEqual([
      { canvasId: 'c1', page: 1, perPage: 100 },
      { canvasId: 'c1', page: 2, perPage: 100 },
    ]);
  });

  it('stops when the publication is stopped', async () => {
    pages.push({ total: 1, tokens: [token('1')] });
    const controller = new AbortController();
    controller.abort();
    await expect(recordRenders(login, canvas, 'http://content.test', controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
