import { expect, test, type Locator, type Page } from '@playwright/test';
import { getAddress } from 'viem';
import { addressOf, graphql, mintCollection, openSignedIn, readStack, type Stack } from './support/trading';

// /artist/{artistId}/artworks (the artists' pages; docs/requirements.md#artists "Artist artworks: title is the artist name; grid of token
// cards with price (salePrice) and like state; 24 per page") against the real stack. Account #1 is the demo's
// creator with the most tokens (Mara Vale, 10: one page); #24, used by no other spec nor the seed, mints 30 tokens
// of its own so the second page loads, likes one of them, and comes Back to the same cards and scroll offset.
const DEMO_ARTIST = 1;
const MINTER = 24;

let stack: Stack;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
});

interface CardNode {
  name: string;
  likesCount: number;
  isSold: boolean;
  tokenHolding: { id: string; salePrice: { amount: string; currency: string } | null } | null;
  lastSale: { amount: string; currency: string } | null;
}

const TOKENS = `query($a: String!) { getArtistTokens(artist_id: $a, pagination: { perPage: 24 }) {
  totalCount pageInfo { hasNextPage } edges { node { name likesCount isSold lastSale { amount currency } tokenHolding { id salePrice { amount currency } } } } } }`;

/** Wei as the cards show it: ETH with at most 8 decimals, trailing zeros dropped. */
function eth(wei: string): string {
  const value = BigInt(wei);
  const whole = value / 10n ** 18n;
  const fraction = ((value % 10n ** 18n) / 10n ** 10n).toString().padStart(8, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

const cardsOf = (grid: Locator) => grid.getByRole('article');
const names = (grid: Locator) => grid.getByRole('heading', { level: 3 }).allTextContents();

/** The scroll offset once the page has stopped moving (two reads a frame apart agree). */
async function settledScrollY(page: Page): Promise<number> {
  let last = -1;
  await expect
    .poll(async () => {
      const now = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY)))));
      const settled = now === last;
      last = now;
      return settled;
    })
    .toBe(true);
  return last;
}

/** Opens the card's token, comes Back, and expects the same cards at the same offset (a few px). */
async function openAndComeBack(page: Page, grid: Locator, card: Locator) {
  const link = card.getByRole('link');
  await link.scrollIntoViewIfNeeded();
  const before = await names(grid);
  expect(await settledScrollY(page)).toBeGreaterThan(200);
  const name = (await link.textContent())!.trim();
  // The offset the page had when the link was followed: the click itself may scroll a little (Playwright scrolls a
  // link out from under a notice floating over the page bottom before clicking it).
  await page.evaluate(() => {
    document.addEventListener('click', () => ((window as Window & { clickedAtY?: number }).clickedAtY = window.scrollY), { capture: true, once: true });
  });
  await link.click();
  const offset = await page.evaluate(() => (window as Window & { clickedAtY?: number }).clickedAtY ?? -1);
  expect(offset).toBeGreaterThan(200);
  const insetAtClick = await overlayInset(page);
  await expect(page).toHaveURL(/\/token\/[^/]+$/);
  await expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/artworks$/);
  await expect(cardsOf(grid)).toHaveCount(before.length);
  expect(await names(grid)).toEqual(before);
  // The same offset. At the page's end the notice band can change it by its own height: the page reserves the band
  // at its bottom (useOverlayInset), so a band that went away meanwhile (the 'ready to work offline' notice is shown
  // once the worker installs, for 4 s) leaves a shorter page whose end is higher, and one that came keeps a reader
  // at the end by scrolling with it.
  await expect
    .poll(async () => {
      const [now, inset, maxScroll, atEnd] = await page.evaluate(
        () =>
          [
            window.scrollY,
            Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--overlay-inset')) || 0,
            document.documentElement.scrollHeight - window.innerHeight,
            window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
          ] as const,
      );
      const expected = [offset, Math.min(offset, maxScroll), ...(atEnd ? [offset + Math.max(0, inset - insetAtClick)] : [])];
      return Math.min(...expected.map((at) => Math.abs(now - at)));
    })
    .toBeLessThanOrEqual(4);
}

/** The notice band's height the page reserves at its bottom (useOverlayInset's --overlay-inset), px. */
const overlayInset = (page: Page) =>
  page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--overlay-inset')) || 0);

test("a demo artist's artworks: the artist's name as title, every card with its price and likes; Back restores cards and scroll", async ({ page, request }) => {
  const artist = addressOf(stack, DEMO_ARTIST).toLowerCase();
  const data = await graphql<{ getArtistTokens: { totalCount: number; pageInfo: { hasNextPage: boolean }; edges: Array<{ node: CardNode }> } }>(request, TOKENS, { a: artist });
  const tokens = data.getArtistTokens.edges.map((edge) => edge.node);
  // The demo has fewer than 25 tokens for every artist: one page (the minted artist below covers paging).
  expect(data.getArtistTokens.pageInfo.hasNextPage).toBe(false);
  expect(tokens.length).toBe(data.getArtistTokens.totalCount);
  expect(tokens.length).toBeGreaterThan(6);

  await page.goto(`/artist/${artist}/artworks`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mara Vale' })).toBeVisible();
  await expect(page).toHaveTitle(/^Mara Vale \| /);
  await expect(page.getByRole('main').getByRole('link', { name: 'Artist page' })).toHaveAttribute('href', `/artist/${artist}`);
  const grid = page.getByRole('list', { name: 'Artworks of Mara Vale' });
  await expect(cardsOf(grid)).toHaveCount(tokens.length);
  expect(await names(grid)).toEqual(tokens.map((token) => token.name));
  // Some are listed, each card shows what the server says: its sale price, else its last sale (or 'Not for sale'), its likes.
  expect(tokens.some((token) => token.tokenHolding?.salePrice)).toBe(true);
  for (const [index, token] of tokens.entries()) {
    const card = cardsOf(grid).nth(index);
    const price = token.tokenHolding?.salePrice;
    const shown = price
      ? `${eth(price.amount)} ${price.currency}`
      : token.lastSale
        ? `Last sale ${eth(token.lastSale.amount)} ${token.lastSale.currency}`
        : 'Not for sale';
    await expect(card.locator('.token-card-price')).toHaveText(shown);
    const likes = `${token.likesCount} ${token.likesCount === 1 ? 'like' : 'likes'}`;
    await expect(card.getByRole('button', { name: `Like (${likes})` })).toHaveAttribute('aria-pressed', 'false');
    if (token.isSold) await expect(card.getByText('SOLD')).toBeVisible();
  }

  const last = cardsOf(grid).filter({ has: page.getByRole('link') }).last();
  await openAndComeBack(page, grid, last);
  await expect(page.getByRole('heading', { level: 1, name: 'Mara Vale' })).toBeVisible();
});

test('30 artworks: scrolling loads the second page; a liked card and the scroll offset are the same after Back', async ({ browser, baseURL, request }) => {
  const collection = await mintCollection(request, stack, MINTER, 30);
  const artist = addressOf(stack, MINTER);
  const { page, context } = await openSignedIn(browser, baseURL!, stack, MINTER, `/artist/${artist.toLowerCase()}/artworks`);
  // No artist profile: the account names the page; signed in with no alias of its own, the shortened address.
  const checksummed = getAddress(artist);
  const title = `${checksummed.slice(0, 4)}...${checksummed.slice(-4)}`;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const grid = page.getByRole('list', { name: `Artworks of ${title}` });
  await expect(cardsOf(grid)).toHaveCount(24);
  // No artist record: no artist page to link to.
  await expect(page.getByRole('main').getByRole('link', { name: 'Artist page' })).toHaveCount(0);
  // Newest first.
  await expect(cardsOf(grid).first().getByRole('heading')).toHaveText(`${collection.name} #30`);

  await cardsOf(grid).last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect(cardsOf(grid)).toHaveCount(30);
  await expect(cardsOf(grid).last().getByRole('heading')).toHaveText(`${collection.name} #1`);

  // Like a card of the second page: pressed at once, and still after Back.
  const liked = grid.getByRole('article', { name: `${collection.name} #4`, exact: true });
  await liked.getByRole('button', { name: 'Like (0 likes)' }).click();
  await expect(liked.getByRole('button', { name: 'Unlike (1 like)' })).toHaveAttribute('aria-pressed', 'true');

  await openAndComeBack(page, grid, grid.getByRole('article', { name: `${collection.name} #3`, exact: true }));
  await expect(liked.getByRole('button', { name: 'Unlike (1 like)' })).toHaveAttribute('aria-pressed', 'true');
  await context.close();
});
