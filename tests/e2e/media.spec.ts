import { expect, test, type APIRequestContext } from '@playwright/test';
import { showComments } from './support/comments';

// The demo stack (chain, contracts, seeded database with generative, flipcard and gif tokens) comes from
// playwright.config.ts.

interface MediaNode {
  _id: string;
  name: string;
  mediaUrl: string;
  thumbnailUrl: string;
  attributes: Record<string, unknown> | null;
  collection: { address: string; chainId: number };
  tokenHolding: { id: string } | null;
}

async function tokenOf(request: APIRequestContext, mediaType: string): Promise<MediaNode> {
  const response = await request.post('/graphql', {
    data: {
      query: `query media($types: [String!]) {
        getMarketplaceTokens(filters: { mediaTypes: $types }, sort: { sortBy: "_id", sortDir: 1 }, pagination: { perPage: 20 }) {
          edges { node { _id name mediaUrl thumbnailUrl attributes collection { address chainId } tokenHolding { id } } }
        }
      }`,
      variables: { types: [mediaType] },
    },
  });
  const body = (await response.json()) as { data: { getMarketplaceTokens: { edges: Array<{ node: MediaNode }> } } };
  const node = body.data.getMarketplaceTokens.edges.map((edge) => edge.node).find((n) => n.tokenHolding);
  if (!node) throw new Error(`the demo has no held ${mediaType} token`);
  return node;
}

test('a generative token renders its sketch in a sandboxed frame that cannot read the app storage', async ({ page, request }) => {
  const token = await tokenOf(request, 'multipart/mixed');
  await page.goto('/');
  // Something the app keeps in its own origin's storage.
  await page.evaluate(() => localStorage.setItem('media-e2e-secret', 'app only'));

  await page.goto(`/token/${token.tokenHolding!.id}`);
  const frameElement = page.locator('iframe.generative-frame').first();
  await expect(frameElement).toHaveAttribute('sandbox', 'allow-scripts');
  await expect(frameElement).toHaveAttribute('title', `${token.name} (generative artwork)`);
  // p5 ran the sketch: a canvas appears inside the frame.
  const canvas = page.frameLocator('iframe.generative-frame').first().locator('canvas');
  await expect(canvas).toBeVisible();
  await expect(canvas).toHaveAttribute('width', /\d+/);

  const sandbox = page.frames().find((frame) => frame.url().includes('/sandbox/generative.html'));
  expect(sandbox, 'the sandbox frame').toBeDefined();
  const inside = await sandbox!.evaluate(async () => {
    const attempt = async (read: () => unknown) => {
      try {
        await read();
        return 'readable';
      } catch (error) {
        return (error as DOMException).name;
      }
    };
    return {
      origin: self.origin,
      seed: (window as unknown as Record<string, unknown>).tokenSeed,
      localStorage: await attempt(() => window.localStorage.getItem('media-e2e-secret')),
      indexedDB: await attempt(
        () => new Promise((resolve, reject) => {
          const open = indexedDB.open('artbazaar-probe');
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        }),
      ),
      parentDocument: await attempt(() => window.parent.document.title),
    };
  });
  // Opaque origin: storage access throws SecurityError, and the app's document is out of reach.
  expect(inside.origin).toBe('null');
  expect(inside.localStorage).toBe('SecurityError');
  expect(inside.indexedDB).toBe('SecurityError');
  expect(inside.parentDocument).toBe('SecurityError');
  // The token's own seed was defined under the collection's seed variable name before the sketch ran.
  expect(inside.seed).toBe(token.attributes!.tokenSeed);
  expect(await page.evaluate(() => localStorage.getItem('media-e2e-secret'))).toBe('app only');
});

// P5's sensor warnings in the sandbox: p5 registers deviceorientation/devicemotion listeners as it starts; in a frame granted no
// sensors Chromium logs 'Permissions policy violation: accelerometer' errors. The sandbox drops those listeners
// (and grants nothing more), so the token page's console, the frame's included, stays free of errors.
test('a generative token page logs no console errors, in the page or in its sandboxed frame', async ({ page, request }) => {
  const token = await tokenOf(request, 'multipart/mixed');
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || /permissions policy/i.test(text)) problems.push(`${message.type()}: ${text} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // The sandbox also reports uncaught errors of the sketch to the page as messages.
  await page.exposeFunction('reportSandboxError', (text: string) => problems.push(`sandbox: ${text}`));
  await page.addInitScript(() => {
    window.addEventListener('message', (event) => {
      const data = event.data as { source?: unknown; type?: unknown; detail?: unknown } | null;
      if (data?.source === 'artbazaar-sandbox' && (data.type === 'error' || data.type === 'failed')) {
        void (window as unknown as { reportSandboxError: (text: string) => Promise<void> }).reportSandboxError(String(data.detail));
      }
    });
  });

  await page.goto(`/token/${token.tokenHolding!.id}`);
  const frameElement = page.locator('iframe.generative-frame').first();
  await expect(frameElement).toHaveAttribute('sandbox', 'allow-scripts');
  // Nothing more is granted to the frame.
  expect(await frameElement.getAttribute('allow')).toBeNull();
  const sandbox = (await (await frameElement.elementHandle())!.contentFrame())!;
  await expect(sandbox.locator('html')).toHaveAttribute('data-state', 'rendered', { timeout: 30_000 });
  await expect(page.locator('.generative[data-state="rendered"]').first()).toBeVisible();
  // p5 ran the sketch with its sensor listeners left out: its canvas is drawn.
  await expect(sandbox.locator('canvas')).toBeVisible();
  // The page has settled: its comments (the last part of the page to load, once scrolled near) have loaded.
  await showComments(page);
  await expect(page.locator('section#comments')).not.toHaveAttribute('aria-busy', 'true');
  expect(problems).toEqual([]);
});

test('a gif card animates while hovered', async ({ page, request }) => {
  const token = await tokenOf(request, 'gif');
  await page.goto(`/collection/${token.collection.address}/${token.collection.chainId}`);
  const card = page.getByRole('article', { name: token.name, exact: true }).first();
  const image = card.locator('.media img').first();
  await expect(image).toHaveAttribute('src', token.thumbnailUrl);
  await card.hover();
  await expect(image).toHaveAttribute('src', token.mediaUrl);
  await page.mouse.move(1, 1);
  await expect(image).toHaveAttribute('src', token.thumbnailUrl);
});

test('a flipcard flips by click and by keyboard, and the fullscreen viewer opens and closes with Esc', async ({ page, request }) => {
  const token = await tokenOf(request, 'multipart/image');
  await page.goto(`/token/${token.tokenHolding!.id}`);
  const grid = page.getByRole('group', { name: new RegExp(`^${token.name}:`) });
  const first = grid.getByRole('button', { name: /^Flip card 1 of 4/ });
  const second = grid.getByRole('button', { name: /^Flip card 2 of 4/ });
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => first.locator('.flip-inner').evaluate((el) => getComputedStyle(el).transform)).not.toBe('none');
  await second.focus();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  await expect(second).toHaveAttribute('aria-pressed', 'false');

  const open = page.getByRole('button', { name: `View ${token.name} fullscreen` });
  await open.click();
  const dialog = page.getByRole('dialog', { name: `${token.name} (fullscreen)` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close fullscreen' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
});
