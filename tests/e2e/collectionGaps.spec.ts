import { expect, test } from '@playwright/test';
import { getAddress } from 'viem';
import { tradableCollectionAbi } from '../../contracts/generated/index';
import { addressOf, expectNotice, mintCollection, openSignedIn, readStack, type Stack, type TestCollection } from './support/trading';
import { installTestWallet, TEST_WALLET_NAME } from './support/testWallet';

// The view-on-chain link; hash links scroll smoothly; the creator's royalties controls against the real stack: the view-on-chain link from the server's block explorer
// (playwright.config.ts sets BLOCK_EXPLORER_URL for the local chain), /collection/{chainId}, a hash link scrolled
// on first load, and the creator's royalties controls on chain. Accounts #48 (creator), #49 (new recipient) and #50
// (another signed-in visitor) are used by no other spec; every collection here is minted by this spec.
const CREATOR = 48;
const RECIPIENT = 49;
const VISITOR = 50;

let stack: Stack;
let collection: TestCollection;

test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
  collection = await mintCollection(request, stack, CREATOR, 2);
});

const collectionPath = () => `/collection/${collection.address}/${stack.chainId}`;
// The page shows addresses checksummed (EIP-55).
const checksum = (address: string) => getAddress(address);

test('the collection page links its contract on the configured block explorer of the local chain', async ({ page, request, baseURL }) => {
  const config = (await (await request.get('/api/v1/config')).json()) as { evms: Array<{ chainId: number; blockExplorerUrl: string | null }> };
  expect(config.evms[0]!.blockExplorerUrl).toBe(`${baseURL}/explorer`);
  await page.goto(collectionPath());
  await expect(page.getByRole('heading', { level: 1, name: collection.name })).toBeVisible();
  const link = page.getByRole('link', { name: 'View on chain (opens in a new tab)' });
  await expect(link).toHaveAttribute('href', `${baseURL}/explorer/address/${getAddress(collection.address)}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('button', { name: 'Copy contract address' })).toHaveCount(0);
});

test('/collection/{chainId} opens explore\'s collections view filtered to that chain', async ({ page }) => {
  await page.goto(`/collection/${stack.chainId}`);
  await expect(page).toHaveURL((url) => url.pathname === '/explore' && url.searchParams.get('view') === 'collection' && (url.searchParams.get('chain') ?? '').includes(String(stack.chainId)));
  await expect(page.getByRole('radio', { name: 'Collections' })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Collections' }).getByRole('listitem').first()).toBeVisible();
});

test('/token/{id}#comments scrolls the comments into view on first load', async ({ page }) => {
  await page.goto(`/token/${collection.tokens[0]!.holdingId}#comments`);
  const comments = page.locator('#comments');
  await expect(comments.getByRole('heading', { name: /^Comments/ })).toBeVisible();
  await expect(comments).toBeInViewport();
  // The page was scrolled to reach it (the comments sit below the media and details).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test('with reduced motion a hash link jumps at once, also after the page was loaded', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/token/${collection.tokens[1]!.holdingId}`);
  await expect(page.locator('#comments').getByRole('heading', { name: /^Comments/ })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => {
    window.history.pushState(window.history.state, '', '#comments');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await expect(page.locator('#comments')).toBeInViewport();
});

test('the creator lowers the royalties and transfers the recipient; a reload shows the new values', async ({ browser, baseURL }) => {
  const read = (functionName: 'royaltiesBasispoints' | 'royaltiesRecipient') =>
    stack.publicClient.readContract({ address: collection.address, abi: tradableCollectionAbi, functionName });
  const { page, wallet, context } = await openSignedIn(browser, baseURL!, stack, CREATOR, collectionPath());
  const royalties = page.getByRole('region', { name: 'Royalties' });
  await expect(royalties.getByTestId('royalties-basispoints')).toHaveText('5% (500 basis points)');
  await expect(royalties.getByTestId('royalties-recipient')).toHaveText(checksum(addressOf(stack, CREATOR)));

  // Royalties only go down, in whole basis points: refused before the wallet is asked.
  const basispoints = royalties.getByLabel('New royalties (basis points, 100 = 1%)');
  await basispoints.fill('600');
  await royalties.getByRole('button', { name: 'Reduce royalties' }).click();
  await expect(royalties.getByRole('alert')).toHaveText('Royalties can only be reduced');
  expect(wallet.transactionCount()).toBe(0);

  await basispoints.fill('250');
  await expect(royalties.getByRole('alert')).toHaveCount(0);
  await basispoints.press('Enter');
  await expectNotice(page, 'Royalties reduced');
  await expect(royalties.getByTestId('royalties-basispoints')).toHaveText('2.5% (250 basis points)');
  expect(Number(await read('royaltiesBasispoints'))).toBe(250);

  // The recipient must be an address.
  const recipient = royalties.getByLabel('New royalties recipient (address)');
  await recipient.fill('0x1234');
  await royalties.getByRole('button', { name: 'Transfer recipient' }).click();
  await expect(royalties.getByRole('alert')).toHaveText('Enter a valid address');
  expect(wallet.transactionCount()).toBe(1);

  await recipient.fill(addressOf(stack, RECIPIENT));
  await royalties.getByRole('button', { name: 'Transfer recipient' }).click();
  await expectNotice(page, 'Royalties recipient transferred');
  await expect(royalties.getByTestId('royalties-recipient')).toHaveText(checksum(addressOf(stack, RECIPIENT)));
  expect(String(await read('royaltiesRecipient')).toLowerCase()).toBe(addressOf(stack, RECIPIENT).toLowerCase());
  expect(wallet.transactionCount()).toBe(2);

  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Royalties' });
  await expect(reloaded.getByTestId('royalties-basispoints')).toHaveText('2.5% (250 basis points)');
  await expect(reloaded.getByTestId('royalties-recipient')).toHaveText(checksum(addressOf(stack, RECIPIENT)));
  await context.close();
});

test('a signed-in visitor who is not the creator sees no royalties controls', async ({ page }) => {
  await installTestWallet(page, { rpcUrl: stack.rpcUrl, accountIndex: VISITOR });
  await page.goto(collectionPath());
  await expect(page.getByRole('heading', { level: 1, name: collection.name })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: TEST_WALLET_NAME }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Profile of / })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View on chain (opens in a new tab)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Royalties' })).toHaveCount(0);
  await expect(page.getByLabel('New royalties (basis points, 100 = 1%)')).toHaveCount(0);
});
