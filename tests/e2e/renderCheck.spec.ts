import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';

// Verified generative art (domain/generativeRender.ts): the sandbox page's verify mode, in the real browser, on the
// content origin, with sketches this spec serves in place of the media store's (the frame fetches
// /sandbox/sketch/<cid>; the route answers it). Nothing is written: no account, no chain.
test.use({ serviceWorkers: 'block' });

const SKETCHES: Record<string, string> = {
  // Deterministic for its seed: what a publish records and a token page verifies.
  seeded: `function setup() { createCanvas(64, 64); noLoop(); }
function draw() { background(20, 40, (seed * 37) % 255); noStroke(); fill(200, 100, 50); circle(32, 32, 10 + (seed % 30)); }`,
  // WebGL: not verified (graphics cards differ).
  webgl: `function setup() { createCanvas(64, 64, WEBGL); }
function draw() { background(10); box(20); }`,
  // Unseeded randomness: each render differs.
  random: `function setup() { createCanvas(64, 64); }
function draw() { background(Math.random() * 255, Math.random() * 255, Math.random() * 255); }`,
  // No draw(): setup's drawing is the frame (0).
  setupOnly: `function setup() { createCanvas(64, 64); background(5, 6, 7); }`,
  // Throws before its frame: in draw, or in an async setup.
  throws: `function setup() { createCanvas(64, 64); }
function draw() { throw new Error('the sketch broke'); }`,
  throwsInSetup: `async function setup() { createCanvas(64, 64); throw new Error('setup broke'); }
function draw() { background(0); }`,
};

interface Posted {
  type: string;
  detail: unknown;
}

let contentOrigin = '';
test.beforeAll(async ({ request }) => {
  contentOrigin = ((await (await request.get('/api/v1/config')).json()) as { contentOrigin: string }).contentOrigin;
});

/** The sandbox in verify mode in a frame of the app's page, drawing `sketch` with `seed`; what it posted about the render. */
async function verifyIn(page: Page, sketch: string, seed: string): Promise<Posted> {
  const cid = `testsketch${sketch}`;
  await page.route(`${contentOrigin}/sandbox/sketch/${cid}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: SKETCHES[sketch]! }),
  );
  const src = `${contentOrigin}/sandbox/generative.html?${new URLSearchParams({ cid, seed, var: 'seed', lib: 'p5', mode: 'verify' })}`;
  return page.evaluate(
    (url) =>
      new Promise<Posted>((resolve) => {
        const frame = document.createElement('iframe');
        frame.setAttribute('sandbox', 'allow-scripts');
        frame.className = 'render-check-test';
        Object.assign(frame.style, { position: 'fixed', left: '-10000px', top: '0', width: '480px', height: '480px', border: '0' });
        window.addEventListener('message', (event) => {
          const data = event.data as { source?: string; type?: string; detail?: unknown } | null;
          if (event.source !== frame.contentWindow || data?.source !== 'artbazaar-sandbox') return;
          if (data.type === 'verify' || data.type === 'verify-failed') resolve({ type: data.type, detail: data.detail ?? null });
        });
        frame.src = url;
        document.body.append(frame);
      }),
    src,
  );
}

/** sha256 of the RGBA pixels of the canvas in the last test frame, read by this test through a png. */
async function pixelsHash(page: Page): Promise<string> {
  const handles = await page.locator('iframe.render-check-test').elementHandles();
  const frame = (await handles.at(-1)!.contentFrame())!;
  const png = await frame.evaluate(() => document.querySelector('canvas')!.toDataURL('image/png'));
  const { data } = await sharp(Buffer.from(png.split(',')[1]!, 'base64')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return createHash('sha256').update(data).digest('hex');
}

async function openApp(page: Page) {
  await page.goto('/about-render-checks');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('verify mode hashes the fixed frame of a seeded 2D sketch: the same for the same seed, another for another seed', async ({ page }) => {
  await openApp(page);
  const first = await verifyIn(page, 'seeded', '7');
  expect(first.type).toBe('verify');
  expect(first.detail).toMatchObject({ check: 'pixels', width: 64, height: 64, frame: 1 });
  // The hash is the frame's own pixels, as this test reads and hashes them.
  expect((first.detail as { sha256: string }).sha256).toBe(await pixelsHash(page));
  const again = await verifyIn(page, 'seeded', '7');
  expect(again).toEqual(first);
  const otherSeed = await verifyIn(page, 'seeded', '8');
  expect(otherSeed.detail).toMatchObject({ check: 'pixels', width: 64, height: 64, frame: 1 });
  expect((otherSeed.detail as { sha256: string }).sha256).not.toBe((first.detail as { sha256: string }).sha256);
});

test.describe('on a screen of density 2', () => {
  test.use({ deviceScaleFactor: 2 });
  test('the frame is drawn at density 1, so a sharper screen records the same render', async ({ page, browser }) => {
    await openApp(page);
    expect(await page.evaluate(() => window.devicePixelRatio)).toBe(2);
    const sharp2 = await verifyIn(page, 'seeded', '7');
    const context = await browser.newContext({ serviceWorkers: 'block', deviceScaleFactor: 1 });
    try {
      const plain = await context.newPage();
      await openApp(plain);
      expect(await verifyIn(plain, 'seeded', '7')).toEqual(sharp2);
    } finally {
      await context.close();
    }
  });
});

test('a WebGL sketch is not verified, and says so', async ({ page }) => {
  await openApp(page);
  expect(await verifyIn(page, 'webgl', '7')).toEqual({ type: 'verify', detail: { check: 'none', reason: 'webgl' } });
});

test('a sketch drawing unseeded randomness renders differently each time', async ({ page }) => {
  await openApp(page);
  const first = (await verifyIn(page, 'random', '7')).detail as { sha256: string };
  const second = (await verifyIn(page, 'random', '7')).detail as { sha256: string };
  expect(first.sha256).toMatch(/^[0-9a-f]{64}$/);
  expect(second.sha256).not.toBe(first.sha256);
});

test('a sketch without draw() is verified on what its setup drew (frame 0); a sketch that throws has no render', async ({ page }) => {
  await openApp(page);
  const setupOnly = await verifyIn(page, 'setupOnly', '7');
  expect(setupOnly.detail).toMatchObject({ check: 'pixels', width: 64, height: 64, frame: 0 });
  expect((setupOnly.detail as { sha256: string }).sha256).toBe(await pixelsHash(page));
  const throws = await verifyIn(page, 'throws', '7');
  expect(throws.type).toBe('verify-failed');
  expect(String(throws.detail)).toContain('the sketch broke');
  expect(await verifyIn(page, 'throwsInSetup', '7')).toEqual({ type: 'verify-failed', detail: 'setup broke' });
});
