import { chromium, expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, formatEther, http, type Address } from 'viem';
import { hardhat } from 'viem/chains';
import { marketplaceAbi } from '../../contracts/generated';
import { setBrowserOffline } from './support/offline';

// The demo stack (chain, contracts, seeded database, server, built app) is started by playwright.config.ts.

test('home renders with the product name as its title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Art Bazaar');
  await expect(page.getByRole('heading', { level: 1, name: 'Art Bazaar' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main' });
  await menu.getByRole('button', { name: 'Explore' }).click();
  await expect(menu.getByRole('link', { name: 'Art', exact: true })).toBeVisible();
});

test('explore shows seeded tokens priced from on-chain listings and loads more on scroll', async ({ page, request }) => {
  const config = await (await request.get('/api/v1/config')).json();
  const evm = config.evms[0];
  const chain = createPublicClient({ chain: hardhat, transport: http(evm.providerURL) });

  await page.goto('/explore');
  const grid = page.getByRole('list', { name: 'Artworks' });
  const cards = grid.getByRole('article');
  await expect(cards).toHaveCount(15);

  // Every priced card on the first page matches the active listing on chain for that token.
  const body = await (await request.post('/graphql', {
    data: {
      query: `{ getMarketplaceTokens(sort: { sortBy: "_id", sortDir: -1 }, pagination: { perPage: 15 }) {
        edges { node { name tokenId collection { address } tokenHolding { salePrice { amount currency } } } } } }`,
    },
  })).json();
  const priced = body.data.getMarketplaceTokens.edges
    .map((edge: { node: PricedToken }) => edge.node)
    .filter((node: PricedToken) => node.tokenHolding?.salePrice);
  expect(priced.length).toBeGreaterThan(0);
  for (const token of priced) {
    const listed = await activeListingPrice(chain, evm.contracts.marketplace, token.collection.address, BigInt(token.tokenId));
    expect(listed, `${token.name} has an active listing on chain`).not.toBeNull();
    expect(token.tokenHolding!.salePrice!.amount).toBe(listed!.toString());
    const card = grid.getByRole('article', { name: token.name, exact: true }).first();
    await expect(card).toContainText(`${trimEther(listed!)} ETH`);
  }

  await cards.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 10_000);
  await expect.poll(() => cards.count()).toBeGreaterThan(15);
});

test('the theme toggles and persists across a reload', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  const toggle = page.getByRole('switch', { name: 'Dark theme' }).first();
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('switch', { name: 'Dark theme' }).first()).toHaveAttribute('aria-checked', 'true');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText("Oooooops! We couldn't find the page you're looking for :(")).toBeVisible();
  await expect(page.getByText("This page does not exist or you don't have access to it")).toBeVisible();
  await page.getByRole('link', { name: 'Go to main page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the app is installable (no installability errors)', async ({ browserName: _browserName }, testInfo) => {
  // Chromium reports every incognito context as not installable, so this check uses a real profile.
  const { use } = testInfo.project;
  const profile = mkdtempSync(join(tmpdir(), 'artbazaar-install-'));
  const context = await chromium.launchPersistentContext(profile, { ...use.launchOptions, baseURL: use.baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    await expect.poll(async () => {
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      return installabilityErrors;
    }).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('after one visit the app reloads and navigates offline', async ({ page, context }) => {
  await page.goto('/explore');
  await expect(page.getByRole('list', { name: 'Artworks' }).getByRole('article')).toHaveCount(15);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  // The worker stores the reads it answers (offline-first): the first load went out before it controlled the page.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Artworks' }).getByRole('article')).toHaveCount(15);
  await page.goto('/'); // visit home too, so its lazily loaded route chunk was fetched while online
  await expect(page.getByRole('heading', { level: 1, name: 'Art Bazaar' })).toBeVisible();
  // Its lazily loaded sections too (not precached until every chunk is): going offline while their chunks are on
  // the way would abort them. They load as they come near the screen, as a visitor scrolls to them.
  await page.getByRole('region', { name: 'Join the community' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('list', { name: 'Trending collections' }).getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  await setBrowserOffline(context, true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Art Bazaar' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('button', { name: 'Explore' }).click();
    await menu.getByRole('link', { name: 'Art', exact: true }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Explore art' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Artworks' }).getByRole('article').first()).toBeVisible();
  } finally {
    await setBrowserOffline(context, false);
  }
});

interface PricedToken {
  name: string;
  tokenId: string;
  collection: { address: Address };
  tokenHolding?: { salePrice?: { amount: string; currency: string } };
}

/** The lowest active listing price of a token, read from the Marketplace's CreatedSale events and getSale. */
async function activeListingPrice(
  chain: ReturnType<typeof createPublicClient>,
  marketplace: Address,
  collection: Address,
  tokenId: bigint,
): Promise<bigint | null> {
  const logs = await chain.getContractEvents({
    address: marketplace,
    abi: marketplaceAbi,
    eventName: 'CreatedSale',
    args: { collection, tokenId },
    fromBlock: 0n,
  });
  let lowest: bigint | null = null;
  for (const log of logs) {
    const sale = await chain.readContract({ address: marketplace, abi: marketplaceAbi, functionName: 'getSale', args: [log.args.saleId!] });
    if (sale.active && (lowest === null || sale.price < lowest)) lowest = sale.price;
  }
  return lowest;
}

function trimEther(wei: bigint): string {
  const [whole, fraction = ''] = formatEther(wei).split('.');
  const shown = fraction.slice(0, 8).replace(/0+$/, '');
  return shown ? `${whole}.${shown}` : whole;
}
