import { expect, test, type Page } from '@playwright/test';
import { parseEther } from 'viem';
import {
  addressOf, createdSaleIds, expectNotice, holdingsOf, listOnChain, mintCollection, openSignedIn, readStack, saleOnChain, waitForListing,
  type Stack, type TestCollection,
} from './support/trading';
import { colorFor, pngImage } from './support/studioFixtures';

// Collectors relisting what they bought; the new owner's name after a live Sold; the trade panel's empty band against the real stack (chain, indexer, live socket): a collector lists a token they
// bought from Purchased tokens, a live Sold names the buyer by display name and avatar, and the trade panel ends at
// its buttons.
// Accounts #40 (creator), #41 (collector) and #42 (second collector) are used by no other spec nor the demo seed;
// every test mints a collection of its own.
const CREATOR = 40;
const COLLECTOR = 41;
const SECOND = 42;

const PRICE = parseEther('0.05');
const tradePanel = (page: Page) => page.getByRole('region', { name: 'Buy or make an offer' });
const about = (page: Page) => page.getByRole('region', { name: 'About this artwork' });

let stack: Stack;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
});

/** A one-token collection of #CREATOR, listed at PRICE and indexed. */
async function listedToken(request: Parameters<typeof mintCollection>[0]): Promise<{ collection: TestCollection; holdingId: string; name: string }> {
  const collection = await mintCollection(request, stack, CREATOR, 1);
  const token = collection.tokens[0]!;
  const saleId = await listOnChain(stack, CREATOR, collection.address, token.tokenId, PRICE);
  await waitForListing(request, collection, token.tokenId, saleId);
  return { collection, holdingId: token.holdingId, name: token.name };
}

test('a bought token opens its token dashboard from Purchased tokens, is listed there, and another account sees it listed', async ({ browser, baseURL, request }) => {
  const { collection, holdingId, name } = await listedToken(request);
  const collector = await openSignedIn(browser, baseURL!, stack, COLLECTOR, `/token/${holdingId}`);
  const { page, wallet } = collector;
  await tradePanel(page).getByRole('button', { name: 'Buy for 0.05 ETH' }).click();
  await expectNotice(page, 'Purchase successful');
  // The buyer's holding once indexed: the id of their token dashboard.
  let bought: string | undefined;
  await expect
    .poll(async () => (bought = (await holdingsOf(request, collection._id, collector.address))[0]?.id), { message: 'indexer shows the buyer holding', timeout: 15_000 })
    .toBeTruthy();

  await page.goto('/account/dashboard?tab=tokens');
  const purchased = page.getByRole('tabpanel', { name: 'Purchased tokens' });
  const card = purchased.getByRole('article', { name });
  await expect(card.getByText('Yours', { exact: true })).toBeVisible();
  await expect(card.getByText('SOLD', { exact: true })).toHaveCount(0);
  await card.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/account/dashboard/token/${bought}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Listed again from the token dashboard: approval, then the sale.
  const before = wallet.sentTransactions().length;
  const price = page.getByLabel('Listing price (ETH)');
  await price.fill('0.07');
  await price.press('Enter');
  await expectNotice(page, 'Token listed');
  const [saleId] = await createdSaleIds(stack, wallet.sentTransactions().at(-1)!);
  expect(wallet.sentTransactions().length).toBeGreaterThan(before);
  expect(await saleOnChain(stack, saleId!)).toMatchObject({ active: true, seller: addressOf(stack, COLLECTOR), price: parseEther('0.07') });

  // The public token page offers its owner the way back to the token dashboard.
  await page.goto(`/token/${bought}`);
  const mine = page.getByRole('region', { name: 'Your token' });
  await expect(mine.getByRole('link', { name: 'List or manage it in your dashboard' })).toHaveAttribute('href', `/account/dashboard/token/${bought}`);
  await expect(tradePanel(page)).toHaveCount(0);

  // A second account sees the collector's listing, and no owner link.
  const second = await openSignedIn(browser, baseURL!, stack, SECOND, `/token/${bought}`);
  await expect(tradePanel(second.page).getByRole('button', { name: 'Buy for 0.07 ETH' })).toBeVisible();
  await expect(second.page.getByRole('region', { name: 'Your token' })).toHaveCount(0);
  await Promise.all([collector.context.close(), second.context.close()]);
});

test('after a live Sold the watching page shows the buyer by their alias and avatar, without a reload', async ({ browser, baseURL, request }) => {
  const { collection, holdingId } = await listedToken(request);
  // The buyer names themselves and sets an avatar through the profile form first.
  const buyer = await openSignedIn(browser, baseURL!, stack, SECOND, `/token/${holdingId}`);
  await buyer.page.goto('/profile');
  const alias = `buyer ${Date.now().toString(36)}`;
  const form = buyer.page.getByRole('form', { name: 'General' });
  await form.getByLabel('Alias').fill(alias);
  await form.getByLabel('Email').fill('buyer-h1@example.com');
  await form.locator('#profile-avatar-file').setInputFiles({ name: 'buyer.png', mimeType: 'image/png', buffer: await pngImage({ width: 200, height: 200, color: colorFor(7) }) });
  const crop = form.getByRole('group', { name: 'Crop the avatar' });
  await expect(crop.getByRole('img', { name: 'Image to crop: buyer.png' })).toBeVisible();
  await crop.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByRole('img', { name: 'New avatar' })).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expectNotice(buyer.page, 'Profile saved');

  // Another browser watches the token page (no wallet).
  const watcher = await browser.newContext({ baseURL });
  const watching = await watcher.newPage();
  await watching.goto(`/token/${holdingId}`);
  await expect(tradePanel(watching).getByRole('button', { name: 'Buy for 0.05 ETH' })).toBeVisible();
  await expect(about(watching).getByText('Owner', { exact: true })).toHaveCount(0);
  // A mark on this document: still there after the sale means the page was not reloaded.
  await watching.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
  // Live events reach it once its socket is connected (after its first load is over).
  await expect(watching.locator('.app')).toHaveAttribute('data-live', 'connected');

  await buyer.page.goto(`/token/${holdingId}`);
  // Signed in again after the navigation (the header's avatar) before buying: a click while the session is still
  // restoring asks to connect a wallet.
  await expect(buyer.page.getByRole('banner').getByRole('link', { name: `Profile of ${alias}` })).toBeVisible();
  await tradePanel(buyer.page).getByRole('button', { name: 'Buy for 0.05 ETH' }).click();
  await expectNotice(buyer.page, 'Purchase successful');

  await expect(watching.locator('.token-media-frame').getByText('SOLD', { exact: true })).toBeVisible();
  const owner = about(watching).locator('.token-facts > div').filter({ has: watching.getByText('Owner', { exact: true }) });
  await expect(owner.locator('dd')).toHaveText(alias);
  // The avatar shows without a reload: the same image a reload shows.
  const avatar = owner.locator('img.token-avatar');
  await expect(avatar).toHaveAttribute('src', /^\/ipfs\/thumbnail\/./);
  const liveSrc = await avatar.getAttribute('src');
  expect(await watching.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  // A real image (the lazy image loads once scrolled to).
  await avatar.scrollIntoViewIfNeeded();
  expect(await avatar.evaluate(async (image: HTMLImageElement) => (await image.decode(), image.naturalWidth))).toBeGreaterThan(0);
  // What a reload shows: the token page of the buyer's holding, once indexed.
  let bought: string | undefined;
  await expect
    .poll(async () => (bought = (await holdingsOf(request, collection._id, buyer.address))[0]?.id), { message: 'indexer shows the buyer holding', timeout: 15_000 })
    .toBeTruthy();
  await watching.goto(`/token/${bought}`);
  await expect(owner.locator('dd')).toHaveText(alias);
  await expect(avatar).toHaveAttribute('src', liveSrc!);
  await Promise.all([buyer.context.close(), watcher.close()]);
});

test('the trade panel ends at its buttons when there is no status to show; the status region stays for screen readers', async ({ page, request }) => {
  const { holdingId } = await listedToken(request);
  await page.goto(`/token/${holdingId}`);
  const panel = tradePanel(page);
  const buy = panel.getByRole('button', { name: 'Buy for 0.05 ETH' });
  await expect(buy).toBeVisible();
  // The polite live region is there, empty.
  const status = panel.getByRole('status');
  await expect(status).toHaveCount(1);
  await expect(status).toHaveText('');

  const panelBox = (await panel.boundingBox())!;
  const buttonsBox = (await panel.locator('.trade-actions').boundingBox())!;
  const { padding, border } = await panel.evaluate((element) => {
    const style = getComputedStyle(element);
    return { padding: parseFloat(style.paddingBottom), border: parseFloat(style.borderBottomWidth) };
  });
  expect(padding).toBeGreaterThan(0);
  expect(Math.abs(panelBox.y + panelBox.height - (buttonsBox.y + buttonsBox.height + padding + border))).toBeLessThanOrEqual(0.5);
  // The buttons are the panel's last visible row: the Buy button's bottom is the row's.
  const buyBox = (await buy.boundingBox())!;
  expect(buyBox.y + buyBox.height).toBeLessThanOrEqual(buttonsBox.y + buttonsBox.height + 0.5);
});
