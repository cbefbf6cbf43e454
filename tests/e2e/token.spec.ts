import { getAddress } from 'viem';
import { expect, test, type APIRequestContext } from '@playwright/test';

// The demo stack (chain, contracts, seeded database, server, built app) is started by playwright.config.ts.

interface Person {
  address: string;
  alias: string | null;
  firstName: string | null;
  lastName: string | null;
}
interface ListedToken {
  _id: string;
  name: string;
  mediaUrl: string | null;
  metadataUrl: string | null;
  collection: { _id: string; name: string; address: string; chainId: number };
  creatorInfo: Person;
  tokenHolding: { id: string; salePrice: { amount: string; currency: string } | null } | null;
}

// Seed rule: first name or alias, plus last name; otherwise the shortened address, shown checksummed (EIP-55).
const displayName = (p: Person) => {
  const first = p.firstName || p.alias;
  const shown = getAddress(p.address);
  return first ? (p.lastName ? `${first} ${p.lastName}` : first) : `${shown.slice(0, 4)}...${shown.slice(-4)}`;
};

async function listedTokens(request: APIRequestContext): Promise<ListedToken[]> {
  const body = await (
    await request.post('/graphql', {
      data: {
        query: `{ getMarketplaceTokens(sort: { sortBy: "_id", sortDir: 1 }, pagination: { perPage: 100 }) { edges { node {
          _id name mediaUrl metadataUrl collection { _id name address chainId }
          creatorInfo { address alias firstName lastName }
          tokenHolding { id salePrice { amount currency } }
        } } } }`,
      },
    })
  ).json();
  const tokens: ListedToken[] = body.data.getMarketplaceTokens.edges.map((edge: { node: ListedToken }) => edge.node);
  // Demo tokens only (the oldest; their collections have a manifest and several tokens): other specs mint after them.
  const perCollection = new Map<string, number>();
  for (const token of tokens) perCollection.set(token.collection._id, (perCollection.get(token.collection._id) ?? 0) + 1);
  return tokens.filter((token) => token.metadataUrl && (perCollection.get(token.collection._id) ?? 0) >= 2);
}

test('a listed token page shows name, creator, price, details, siblings and meta', async ({ page, request }) => {
  const token = (await listedTokens(request)).find((t) => t.tokenHolding?.salePrice);
  expect(token, 'the demo has a listed token').toBeTruthy();
  await page.goto(`/token/${token!.tokenHolding!.id}`);

  await expect(page.getByRole('heading', { level: 1, name: token!.name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${token!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `));
  await expect(page.getByText(displayName(token!.creatorInfo)).first()).toBeVisible();

  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText(/\d[\d.]* ETH/);
  await expect(details).toContainText(token!.collection.name);
  await expect(details).toContainText('Token ID');

  const collection = page.getByRole('region', { name: 'Collection' });
  await expect(collection.getByRole('link', { name: token!.collection.name })).toHaveAttribute(
    'href',
    `/collection/${token!.collection.address}/${token!.collection.chainId}`,
  );
  const siblings = collection.getByRole('listitem');
  await expect(siblings.first()).toBeVisible();
  expect(await siblings.count()).toBeLessThanOrEqual(3);
  // The current token is never its own sibling.
  await expect(collection.getByRole('img', { name: token!.name, exact: true })).toHaveCount(0);

  const meta = page.getByRole('region', { name: 'About this artwork' });
  await expect(meta).toContainText(/Published on\s*\d{2} [A-Z][a-z]{2} \d{4}/);
  await expect(meta.getByRole('link', { name: 'View on IPFS' })).toHaveAttribute('href', token!.mediaUrl!);
  const media = await request.get(token!.mediaUrl!);
  expect(media.ok()).toBe(true);
  // The metadata the contract's uri(id) names, served from the collection manifest.
  await expect(meta.getByRole('link', { name: 'View metadata' })).toHaveAttribute('href', token!.metadataUrl!);
  const metadata = await request.get(token!.metadataUrl!);
  expect(metadata.ok()).toBe(true);
  expect((await metadata.json()).name).toBe(token!.name);

  await expect(page.getByRole('region', { name: 'Offers' })).toBeVisible();
});

test('a sibling thumbnail opens that token page', async ({ page, request }) => {
  const token = (await listedTokens(request)).find((t) => t.tokenHolding);
  await page.goto(`/token/${token!.tokenHolding!.id}`);
  const collection = page.getByRole('region', { name: 'Collection' });
  const link = collection.getByRole('listitem').getByRole('link').first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(token!.name);
});

test('a token card on explore opens its token page', async ({ page }) => {
  await page.goto('/explore');
  const card = page.getByRole('list', { name: 'Artworks' }).getByRole('link').first();
  await expect(card).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(/\/token\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' })).toBeVisible();
});

test('an unknown holding id shows "Token has been sold" and lands on explore', async ({ page }) => {
  await page.goto('/token/987654321');
  await expect(page.getByText('Token has been sold')).toBeVisible();
  await expect(page).toHaveURL(/\/explore$/);
});

test('loading the token page shifts no layout (CLS ≤ 0.02) on desktop and mobile widths', async ({ browser, request }) => {
  const token = (await listedTokens(request)).find((t) => t.tokenHolding?.salePrice);
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    // Sum every layout shift not caused by input, from the first paint on (buffered entries included).
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`/token/${token!.tokenHolding!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: token!.name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Offers' })).toHaveAttribute('aria-busy', 'false');
    await page.waitForLoadState('networkidle');
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls, `CLS at ${viewport.width}px`).toBeLessThanOrEqual(0.02);
    await context.close();
  }
});
