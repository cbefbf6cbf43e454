import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GENERATIVE_RESIZE_DEBOUNCE_MS, LIVE_RENDER_LIMIT } from '../../machines/media/constants';
import { getAppActor } from '../../machines/app/appMachine';
import { generativeSpec, sandboxUrl } from '../../src/components/media/mediaSpec';
import { TokenMedia } from '../../src/components/media/TokenMedia';
import { CID, generativeToken } from './mediaFixtures';
import { createTestAppActor, renderInApp } from './systemHarness';
import { pathToFileURL } from 'node:url';
import { installedP5Version, sandboxPageVersion } from '../../server/sandbox/pageVersion';

// The sandbox page's version the build puts in the frame URL (vite.config.ts), as the server computes it.
// (jsdom's import.meta.url is not a file URL: the repository root is the working directory.)
const root = pathToFileURL(`${process.cwd()}/`);
const SANDBOX_VERSION = sandboxPageVersion(new URL('server/sandbox/', root), installedP5Version(new URL('node_modules/p5/', root)));

// jsdom has neither observer: these stand-ins let a test say what is in view and how big it is.
const intersections = new Map<Element, (entries: Array<Partial<IntersectionObserverEntry>>) => void>();
class FakeIntersectionObserver {
  constructor(private readonly callback: (entries: Array<Partial<IntersectionObserverEntry>>) => void) {}
  observe(element: Element) { intersections.set(element, this.callback); }
  disconnect() { for (const [element, callback] of intersections) if (callback === this.callback) intersections.delete(element); }
}
const resizes = new Map<Element, (entries: Array<{ contentRect: { width: number; height: number } }>) => void>();
class FakeResizeObserver {
  constructor(private readonly callback: (entries: Array<{ contentRect: { width: number; height: number } }>) => void) {}
  observe(element: Element) { resizes.set(element, this.callback); }
  disconnect() { for (const [element, callback] of resizes) if (callback === this.callback) resizes.delete(element); }
}
const setInView = (element: Element, isIntersecting: boolean) => act(() => intersections.get(element)?.([{ isIntersecting }]));
const resize = (element: Element, width: number, height: number) => act(() => resizes.get(element)?.([{ contentRect: { width, height } }]));
const settle = () => act(async () => { await new Promise((resolve) => setTimeout(resolve, 0)); });
const frames = (root: ParentNode = document) => Array.from(root.querySelectorAll('iframe'));

// The app system's live-render slot allocator, fresh for each test, and a config naming the content origin.
const CONTENT_ORIGIN = 'http://127.0.0.1:9787';
let app = createTestAppActor({ contentOrigin: CONTENT_ORIGIN });
const liveRenderSlots = () => getAppActor(app, 'liveRenderSlots');
const render = (ui: React.ReactNode) => renderInApp(ui, app);

beforeAll(async () => {
  await import('../../src/components/media/GenerativeViewer');
});
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  app = createTestAppActor({ contentOrigin: CONTENT_ORIGIN });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  intersections.clear();
  resizes.clear();
});

describe('generativeSpec', () => {
  it('takes the sketch from the collection index entry, the seed from the token under the seed variable name', () => {
    const spec = generativeSpec(generativeToken('4', 31691));
    expect(spec).toEqual({ cid: CID.sketch, seed: '31691', variable: 'tokenSeed', library: 'p5' });
    expect(sandboxUrl(spec!, 'http://127.0.0.1:9787')).toBe(`http://127.0.0.1:9787/sandbox/generative.html?cid=${CID.sketch}&seed=31691&var=tokenSeed&lib=p5&v=${SANDBOX_VERSION}`);
  });

  it('falls back to the token media as the sketch, and refuses missing seeds, other libraries and bad names', () => {
    const token = generativeToken();
    expect(generativeSpec({ ...token, collection: { attributes: { index: { seedVariableName: 'tokenSeed' } } } })?.cid).toBe(CID.sketch);
    expect(generativeSpec({ ...token, attributes: {} })).toBeNull();
    // A list query that left out the collection's attributes: the seed variable is unknown, so no live render.
    expect(generativeSpec({ ...token, collection: { attributes: undefined } })).toBeNull();
    expect(generativeSpec({ ...token, attributes: { seed: 3 }, collection: { attributes: { index: { seedVariableName: 'tokenSeed' } } } })?.seed).toBe('3');
    expect(generativeSpec({ ...token, collection: { attributes: { jsLibrary: 'three' } } })).toBeNull();
    expect(generativeSpec({ ...token, collection: { attributes: { index: { seedVariableName: 'a b' } } } })).toBeNull();
  });
});

describe('generative viewer', () => {
  it('detail: runs in an iframe sandboxed to scripts only, with the sketch, seed and variable in its URL', async () => {
    render(<TokenMedia token={generativeToken('4', 555)} variant="detail" />);
    const frame = await screen.findByTitle('Constellation #4 (generative artwork)');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    // From the content origin, never the app's own (the content origin for creators' scripts).
    const url = new URL(frame.getAttribute('src')!);
    expect(url.origin).toBe(CONTENT_ORIGIN);
    expect(url.pathname).toBe('/sandbox/generative.html');
    expect(Object.fromEntries(url.searchParams)).toEqual({ cid: CID.sketch, seed: '555', var: 'tokenSeed', lib: 'p5', v: SANDBOX_VERSION });
    // The thumbnail stays underneath until the canvas covers it.
    expect(screen.getByRole('img', { name: 'Constellation #4' })).toHaveAttribute('src', `/ipfs/thumbnail/${CID.preview}`);
  });

  it('detail: before the config names the content origin, only the thumbnail shows (no frame from the app\'s origin)', async () => {
    app = createTestAppActor();
    render(<TokenMedia token={generativeToken('5', 556)} variant="detail" />);
    expect(await screen.findByRole('img', { name: 'Constellation #5' })).toHaveAttribute('src', `/ipfs/thumbnail/${CID.preview}`);
    await settle();
    expect(frames()).toEqual([]);
  });

  it('cards: at most 3 render live at once; the rest show thumbnails until a slot frees up', async () => {
    const ids = ['11', '12', '13', '14', '15'];
    const { container, rerender } = render(<ul>{ids.map((id) => <li key={id}><TokenMedia token={generativeToken(id)} variant="card" /></li>)}</ul>);
    await settle();
    const layers = Array.from(container.querySelectorAll('.generative'));
    expect(frames()).toHaveLength(0); // nothing is in view yet
    layers.forEach((layer) => setInView(layer, true));
    // In view, a card asks for a slot once the page's largest paint is behind it (no high-priority image here).
    await settle();
    await settle();
    expect(frames()).toHaveLength(LIVE_RENDER_LIMIT);
    expect(layers.map((layer) => layer.getAttribute('data-live'))).toEqual(['true', 'true', 'true', 'false', 'false']);
    expect(liveRenderSlots().getSnapshot().context.waiting).toHaveLength(2);

    // Scrolling the first out of view hands its slot to the longest-waiting card.
    setInView(layers[0]!, false);
    expect(layers.map((layer) => layer.getAttribute('data-live'))).toEqual(['false', 'true', 'true', 'true', 'false']);
    // Card frames are not focus stops: the card's link is.
    frames().forEach((frame) => {
      expect(frame).toHaveAttribute('tabindex', '-1');
      expect(frame).toHaveAttribute('aria-hidden', 'true');
    });

    // Unmounting releases its slot too.
    rerender(<ul>{ids.slice(2).map((id) => <li key={id}><TokenMedia token={generativeToken(id)} variant="card" /></li>)}</ul>);
    expect(frames()).toHaveLength(LIVE_RENDER_LIMIT);
    expect(liveRenderSlots().getSnapshot().context).toMatchObject({ waiting: [] });
  });

  it("cards: a frame starts only after the page's high-priority images (its largest paint) are in", async () => {
    const { container } = render(
      <>
        <img src="/ipfs/first-screen" alt="" fetchPriority="high" />
        <TokenMedia token={generativeToken('21')} variant="card" />
      </>,
    );
    await settle();
    const layer = container.querySelector('.generative')!;
    setInView(layer, true);
    await settle();
    await settle();
    expect(frames()).toHaveLength(0);
    expect(layer.getAttribute('data-live')).toBe('false');
    // jsdom loads no image: the first screen's image says it is in.
    act(() => void container.querySelector('img[fetchpriority="high"]')!.dispatchEvent(new Event('load')));
    await settle();
    await settle();
    expect(frames()).toHaveLength(1);
    expect(layer.getAttribute('data-live')).toBe('true');
  });

  it('follows its box at once on first measure, then only after resizing has paused for 500 ms', async () => {
    render(<TokenMedia token={generativeToken()} variant="detail" />);
    const frame = await screen.findByTitle(/generative artwork/);
    const layer = frame.parentElement!;
    vi.useFakeTimers();
    resize(layer, 600, 600);
    expect(frame.style.width).toBe('600px');
    resize(layer, 500, 500);
    act(() => vi.advanceTimersByTime(GENERATIVE_RESIZE_DEBOUNCE_MS - 100));
    resize(layer, 400, 400);
    act(() => vi.advanceTimersByTime(GENERATIVE_RESIZE_DEBOUNCE_MS - 1));
    expect(frame.style.width).toBe('600px');
    act(() => vi.advanceTimersByTime(1));
    expect(frame.style.width).toBe('400px');
    expect(frame.style.height).toBe('400px');
  });

  it('drops the frame for the thumbnail when its own sandbox reports a failure, ignoring other windows', async () => {
    const { container } = render(<TokenMedia token={generativeToken()} variant="detail" />);
    const frame = (await screen.findByTitle(/generative artwork/)) as HTMLIFrameElement;
    act(() => window.dispatchEvent(new MessageEvent('message', { data: { source: 'artbazaar-sandbox', type: 'failed' }, source: window })));
    expect(frames()).toHaveLength(1);
    act(() => window.dispatchEvent(new MessageEvent('message', { data: { source: 'artbazaar-sandbox', type: 'rendered' }, source: frame.contentWindow })));
    expect(container.querySelector('.generative')).toHaveAttribute('data-state', 'rendered');
    act(() => window.dispatchEvent(new MessageEvent('message', { data: { source: 'artbazaar-sandbox', type: 'failed' }, source: frame.contentWindow })));
    expect(frames()).toHaveLength(0);
    expect(screen.getByRole('img', { name: 'Constellation #4' })).toBeInTheDocument();
  });

  it('without a usable seed shows the thumbnail only', async () => {
    render(<TokenMedia token={{ ...generativeToken(), attributes: null }} variant="detail" />);
    await settle();
    expect(frames()).toHaveLength(0);
    expect(screen.getByRole('img', { name: 'Constellation #4' })).toBeInTheDocument();
  });
});
