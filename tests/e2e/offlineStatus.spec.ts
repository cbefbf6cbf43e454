import { expect, test, type Page } from '@playwright/test';
import { parseEther } from 'viem';
import { setBrowserOffline } from './support/offline';
import { listOnChain, mintCollection, offerOnChain, offersOf, openSignedIn, readStack, waitForListing, type Stack } from './support/trading';

// The app says it is offline, disables what needs the network with a reason, and refreshes what is on screen once the
// network is back (nothing typed is lost offline). The offline spell is the browser's (context.setOffline): the page's requests
// fail, the browser fires offline/online. Accounts #62 (creator), #63 (collector) and #56 (bidder) are used by no
// other spec; the spec mints and lists a collection of its own.
const CREATOR = 62;
const COLLECTOR = 63;
const BIDDER = 56;
const PRICE = parseEther('0.05');

const tradePanel = (page: Page) => page.getByRole('region', { name: 'Buy or make an offer' });
const offersBox = (page: Page) => page.getByRole('region', { name: 'Offers' });
const offlineStatus = (page: Page) => page.locator('.connectivity-status[role="status"]');

let stack: Stack;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
});

test('offline: the status shows and Buy is disabled with its reason; back online the status goes, the page refreshes and Buy works again', async ({ browser, baseURL, request }) => {
  const collection = await mintCollection(request, stack, CREATOR, 1);
  const token = collection.tokens[0]!;
  const saleId = await listOnChain(stack, CREATOR, collection.address, token.tokenId, PRICE);
  await waitForListing(request, collection, token.tokenId, saleId);

  const collector = await openSignedIn(browser, baseURL!, stack, COLLECTOR, `/token/${token.holdingId}`);
  const { page, context } = collector;
  const buy = tradePanel(page).getByRole('button', { name: 'Buy for 0.05 ETH' });
  const makeOffer = tradePanel(page).getByRole('button', { name: 'Make offer' });
  const like = page.getByRole('button', { name: /^(Like|Unlike) \(/ }).first();
  await expect(buy).toBeEnabled();
  await expect(offersBox(page).getByText('No offers yet')).toBeVisible();
  await expect(offlineStatus(page)).toBeEmpty();
  await expect(offlineStatus(page)).toBeHidden();

  await setBrowserOffline(context, true);
  await expect(offlineStatus(page)).toHaveText('You are offline');
  await expect(offlineStatus(page)).toBeVisible();
  await expect(buy).toBeDisabled();
  await expect(buy).toHaveAccessibleDescription('Needs a connection');
  await expect(makeOffer).toBeDisabled();
  await expect(tradePanel(page).getByText('Needs a connection')).toBeVisible();
  await expect(like).toBeDisabled();
  await expect(like).toHaveAccessibleDescription('Needs a connection');

  // Meanwhile another collector makes an offer: the server knows it, the offline page does not ask.
  await offerOnChain(stack, BIDDER, saleId, token.tokenId, parseEther('0.02'));
  await expect.poll(async () => (await offersOf(request, token._id)).length, { message: 'indexer shows the offer', timeout: 15_000 }).toBe(1);

  await setBrowserOffline(context, false);
  await expect(offlineStatus(page)).toBeEmpty();
  await expect(offlineStatus(page)).toBeHidden();
  await expect(buy).toBeEnabled();
  await expect(buy).not.toHaveAttribute('aria-describedby');
  await expect(like).toBeEnabled();
  // What is on screen is current again: the offer made while offline is listed without a reload.
  await expect(offersBox(page).getByRole('row').filter({ hasText: '0.02 ETH' })).toBeVisible();
  await context.close();
});
