import { expect, test, type Page } from '@playwright/test';

// A route whose loader read fails on the network (the collection page's): the connection problem page shows, and the
// page comes once the read goes through, never a frozen tab. Under Preact, a route with its own notFoundComponent
// wrapped its loader's error in TanStack's CatchNotFound, whose error component throws anything but a not-found
// again: Preact's error handling caught it in the same boundary and re-rendered it forever (the main thread never
// yielded: found by offlineFlaky.spec, the collection page after one aborted read). Routes therefore leave their
// not-found page to the root's (src/routes/__root.tsx). The worker is blocked so that the page's own read is the one
// that fails (no stored copy answers for it).

const COLLECTION_NAME = 'Tone Poems';
test.use({ serviceWorkers: 'block' });

/** Aborts the next `count` reads of the collection (the route loader's getCollections). */
async function failCollectionReads(page: Page, count: number) {
  let left = count;
  await page.route('**/graphql', async (route) => {
    if (left > 0 && (route.request().postData() ?? '').includes('"getCollections"')) {
      left -= 1;
      return route.abort('connectionreset');
    }
    return route.fallback();
  });
}

/**
 * The page the server sends for `path` without its first answers (server/http/firstAnswers.ts), so the route's loader
 * asks the network itself, as it does when the server had none to give.
 */
async function withoutFirstAnswers(page: Page, path: string) {
  await page.route(`**${path}`, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script type="application\/json" id="first-answers">.*?<\/script>/s, '');
    await route.fulfill({ response, body: html });
  });
}

async function collectionPath(page: Page): Promise<string> {
  const response = await page.request.post('/graphql', {
    data: { query: 'query { getMarketplaceCollections(pagination: { perPage: 100 }) { edges { node { name address chainId } } } }' },
  });
  const body = (await response.json()) as { data: { getMarketplaceCollections: { edges: Array<{ node: { name: string; address: string; chainId: number } }> } } };
  const found = body.data.getMarketplaceCollections.edges.map((edge) => edge.node).find((node) => node.name === COLLECTION_NAME);
  if (!found) throw new Error(`${COLLECTION_NAME} is not in the demo data`);
  return `/collection/${found.address}/${found.chainId}`;
}

test('in-app: a token page → its collection whose read fails once shows the connection problem, then the collection', async ({ page }) => {
  const path = await collectionPath(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: COLLECTION_NAME })).toBeVisible();
  await page.getByRole('main').locator('a[href^="/token/"]').first().click();
  await expect(page.getByRole('main').locator(`a[href="${path}"]`).first()).toBeVisible();
  await failCollectionReads(page, 1);
  await page.getByRole('main').locator(`a[href="${path}"]`).first().click();
  // The failed read's page, its Retry pressed as a user would (or the page already back by itself).
  const heading = page.getByRole('heading', { level: 1, name: COLLECTION_NAME });
  const retry = page.getByRole('main').getByRole('button', { name: 'Retry', exact: true });
  await expect(heading.or(retry).first()).toBeVisible();
  if (await retry.isVisible()) {
    await expect(page.getByRole('heading', { level: 1, name: 'Connection problem' })).toBeVisible();
    await retry.click().catch(() => undefined);
  }
  await expect(heading).toBeVisible();
  // The tab answers: a timer set now runs.
  expect(await page.evaluate(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 50)))).toBe(true);
});

test('typed URL: a collection whose read fails shows the connection problem page; Retry brings the collection', async ({ page }) => {
  const path = await collectionPath(page);
  await withoutFirstAnswers(page, path);
  await failCollectionReads(page, 1);
  const failed = page.waitForEvent('requestfailed', (request) => (request.postData() ?? '').includes('"getCollections"'));
  await page.goto(path);
  // The loader's own read is the one that failed.
  await failed;
  const heading = page.getByRole('heading', { level: 1, name: COLLECTION_NAME });
  const retry = page.getByRole('main').getByRole('button', { name: 'Retry', exact: true });
  await expect(heading.or(retry).first()).toBeVisible();
  if (await retry.isVisible()) await retry.click().catch(() => undefined);
  await expect(heading).toBeVisible();
  expect(await page.evaluate(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 50)))).toBe(true);
});
