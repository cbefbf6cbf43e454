import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// The content origin for creators' scripts: creators' scripts are served from the content origin (CONTENT_ORIGIN; the e2e stack's is
// E2E_PORT + 1000), never as a script of the app's origin. A generative token page renders its sketch in a frame
// from the content origin; a <script> an HTML injection would add on the app's origin, pointing at the sketch on
// either origin (or at a blob: URL), does not run. Reads the seeded demo only: no account, nothing written.

interface GenerativeToken {
  name: string;
  tokenHolding: { id: string } | null;
}

async function generativeToken(request: APIRequestContext): Promise<GenerativeToken> {
  const response = await request.post('/graphql', {
    data: {
      query: `{ getMarketplaceTokens(filters: { mediaTypes: ["multipart/mixed"] }, sort: { sortBy: "_id", sortDir: 1 }, pagination: { perPage: 20 }) {
        edges { node { name tokenHolding { id } } } } }`,
    },
  });
  const body = (await response.json()) as { data: { getMarketplaceTokens: { edges: Array<{ node: GenerativeToken }> } } };
  const token = body.data.getMarketplaceTokens.edges.map((edge) => edge.node).find((node) => node.tokenHolding);
  if (!token) throw new Error('the demo has no held generative token');
  return token;
}

/** The token page with its generative frame rendered; returns the frame's URL. */
async function renderedFrame(page: Page, token: GenerativeToken): Promise<URL> {
  await page.goto(`/token/${token.tokenHolding!.id}`);
  const frameElement = page.locator(`iframe.generative-frame[title="${token.name} (generative artwork)"]`).first();
  await expect(frameElement).toHaveAttribute('sandbox', 'allow-scripts');
  const frame = (await (await frameElement.elementHandle())!.contentFrame())!;
  await expect(frame.locator('html')).toHaveAttribute('data-state', 'rendered', { timeout: 30_000 });
  await expect(frame.locator('canvas')).toBeVisible();
  return new URL((await frameElement.getAttribute('src'))!);
}

test('a generative token page renders its sketch in a frame from the content origin', async ({ page, request, baseURL }) => {
  const { contentOrigin } = (await (await request.get('/api/v1/config')).json()) as { contentOrigin: string };
  expect(new URL(contentOrigin).origin).toBe(contentOrigin);
  expect(contentOrigin).not.toBe(new URL(baseURL!).origin);

  const token = await generativeToken(request);
  const src = await renderedFrame(page, token);
  expect(src.origin).toBe(contentOrigin);
  expect(src.pathname).toBe('/sandbox/generative.html');
  // The app's origin no longer serves the sandbox at all.
  expect((await request.get('/sandbox/generative.html')).status()).toBe(404);
});

test('a creator script injected as <script src> on the app origin does not run, from either origin or a blob: URL', async ({ page, request }) => {
  const { contentOrigin } = (await (await request.get('/api/v1/config')).json()) as { contentOrigin: string };
  const token = await generativeToken(request);
  const cid = (await renderedFrame(page, token)).searchParams.get('cid')!;
  expect(cid).toMatch(/^[A-Za-z0-9]{10,200}$/);

  // On the app's origin the sketch is only a plain-text download; the content origin serves it as a script.
  const onApp = await request.get(`/ipfs/${cid}`);
  expect(onApp.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(onApp.headers()['content-disposition']).toMatch(/^attachment/);
  expect(onApp.headers()['x-content-type-options']).toBe('nosniff');
  const source = await onApp.text();
  // The demo's sketches declare these as globals: were the script run, window would have them.
  expect(source).toContain('function mulberry32(');
  expect(source).toContain('function setup()');
  const onContent = await request.get(`${contentOrigin}/ipfs/${cid}`);
  expect(onContent.headers()['content-type']).toBe('text/javascript; charset=utf-8');
  expect(await onContent.text()).toBe(source);

  const outcome = await page.evaluate(
    async ({ urls, text }) => {
      const globals = window as unknown as Record<string, unknown>;
      const sketchGlobals = () => ['mulberry32', 'setup', 'draw'].filter((name) => name in globals);
      const before = sketchGlobals();
      const violations: string[] = [];
      globals.contentOriginViolations = violations;
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
      // What the sketch reads first, so it would run through to its globals rather than stop at a missing seed.
      globals.tokenSeed = 1;
      const inject = (src: string) =>
        new Promise<string>((resolve) => {
          const script = document.createElement('script');
          script.src = src;
          script.onload = () => resolve('loaded');
          script.onerror = () => resolve('error');
          document.body.append(script);
        });
      const blobUrl = URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
      const results: Record<string, string> = {};
      for (const url of [...urls, blobUrl]) results[url.startsWith('blob:') ? 'blob' : url] = await inject(url);
      return { results, before, ran: sketchGlobals() };
    },
    { urls: [`/ipfs/${cid}`, `${contentOrigin}/ipfs/${cid}`, `${contentOrigin}/sandbox/sketch/${cid}`], text: source },
  );
  // Refused every time: nosniff on text/plain on the app's origin, the app's script-src for the content origin and blob:.
  expect(outcome.results).toEqual({
    [`/ipfs/${cid}`]: 'error',
    [`${contentOrigin}/ipfs/${cid}`]: 'error',
    [`${contentOrigin}/sandbox/sketch/${cid}`]: 'error',
    blob: 'error',
  });
  expect(outcome.before).toEqual([]);
  expect(outcome.ran).toEqual([]);
  // The app's policy reported each cross-origin and blob: script it blocked (the events arrive as their own tasks).
  const violations = () => page.evaluate(() => (window as unknown as { contentOriginViolations: string[] }).contentOriginViolations);
  await expect.poll(violations).toEqual(
    expect.arrayContaining([
      expect.stringMatching(new RegExp(`^script-src-elem ${contentOrigin}/ipfs/`)),
      expect.stringMatching(new RegExp(`^script-src-elem ${contentOrigin}/sandbox/sketch/`)),
      expect.stringMatching(/^script-src-elem blob/),
    ]),
  );
});
