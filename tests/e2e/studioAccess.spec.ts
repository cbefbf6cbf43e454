import { expect, test, type Page } from '@playwright/test';
import { BaseError, ContractFunctionRevertedError, type Address } from 'viem';
import { collectionFactoryAbi } from '../../contracts/generated/index';
import { collectionFromLogs } from '../../contracts/receipts';
import { registerCreator, testAddress } from './support/creators';
import { installTestWallet } from './support/testWallet';
import { nonceOf, openSignedIn, readStack, type Stack } from './support/trading';

// Who may enter the creator studio (the creator studio "Routes" and "Curation"): the studio entry's two cards, the guard of
// /studio/list, /studio/create and /studio/edit, and the factory that refuses anyone the owners never registered.
// Accounts of this spec only: #30 connects and is never registered, #35 is registered before it visits, #32 tries
// the factory before and after the owners register it.
const NON_CREATOR = 30;
const CREATOR = 35;
const APPLICANT = 32;

let stack: Stack;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
});

const connectCard = (page: Page) => page.getByRole('article', { name: 'Connect as an artist' });
const applyCard = (page: Page) => page.getByRole('article', { name: 'Apply as an artist' });

test('not connected: Studio in the main menu (/studio) shows the studio entry with the connect-as-artist and the apply cards', async ({ page }) => {
  await installTestWallet(page, { rpcUrl: stack.rpcUrl, accountIndex: NON_CREATOR });
  await page.goto('/');
  const studio = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Studio' });
  await expect(studio).toHaveAttribute('href', '/studio');
  await studio.click();
  await expect(page).toHaveURL((url) => url.pathname === '/studio/connect');
  await expect(page.getByRole('heading', { level: 1, name: 'Studio' })).toBeVisible();
  await expect(connectCard(page).getByRole('button', { name: 'Connect wallet' })).toBeEnabled();
  await expect(applyCard(page)).toBeVisible();
  await expect(applyCard(page)).toContainText('register the wallet address the artist will publish from');
});

test('a connected account that is not a creator is sent from the studio pages to /studio/connect and sees the apply card', async ({ browser, baseURL }) => {
  const { page, context, address } = await openSignedIn(browser, baseURL!, stack, NON_CREATOR, '/');
  for (const path of ['/studio/list', '/studio/create', '/studio/edit/123']) {
    await page.goto(path);
    await expect(page, `${path} sends a non-creator to the studio entry`).toHaveURL((url) => url.pathname === '/studio/connect');
    await expect(applyCard(page)).toBeVisible();
    await expect(connectCard(page).getByRole('note')).toContainText('which is not registered as an artist');
    await expect(connectCard(page).getByRole('button', { name: 'Switch wallet' })).toBeVisible();
    // The entry shows the signed-in address (checksummed) on the apply card, for the application.
    await expect(applyCard(page)).toContainText(new RegExp(`Your address: ${address}`, 'i'));
  }
  await context.close();
});

test('a registered creator landing on /studio/connect goes on to the studio list', async ({ browser, baseURL, request }) => {
  await registerCreator(request, testAddress(CREATOR));
  const { page, context } = await openSignedIn(browser, baseURL!, stack, CREATOR, '/');
  // Every main-frame URL the page shows, in order: the list may pass the artist on to /studio/create when empty.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.goto('/studio/connect');
  await expect.poll(() => visited, { message: 'the creator is sent to /studio/list' }).toContain('/studio/list');
  await expect(page).toHaveURL((url) => url.pathname === '/studio/list' || url.pathname === '/studio/create');
  await expect(applyCard(page)).toHaveCount(0);
  await context.close();
});

/** The factory's revert of `account`'s CreateTradableCollection, simulated as that account, decoded from its ABI. */
async function publishRevert(account: Address, name: string): Promise<{ errorName?: string; args?: readonly unknown[] } | null> {
  try {
    await stack.publicClient.simulateContract({
      account,
      address: stack.collectionFactory,
      abi: collectionFactoryAbi,
      functionName: 'CreateTradableCollection',
      args: [name, 'CURE2E', 2n, 1n, `ipfs://e2e-${name}/`, account, 500n],
    });
    return null;
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    if (!(reverted instanceof ContractFunctionRevertedError)) throw error;
    return { errorName: reverted.data?.errorName, args: reverted.data?.args };
  }
}

test('an address the owners never registered cannot publish through the factory; once registered, the same call succeeds', async ({ request }) => {
  const applicant = testAddress(APPLICANT);
  const name = `Curation${Date.now().toString(36)}`;
  const isCreatorOnChain = () =>
    stack.publicClient.readContract({ address: stack.collectionFactory, abi: collectionFactoryAbi, functionName: 'isCreator', args: [applicant] });
  expect(await isCreatorOnChain(), 'this spec\'s applicant starts unregistered').toBe(false);

  // The test account's own CreateTradableCollection: NotACreator(applicant), and nothing reaches the chain.
  expect(await publishRevert(applicant, name)).toEqual({ errorName: 'NotACreator', args: [applicant] });
  const count = () => stack.publicClient.readContract({ address: stack.collectionFactory, abi: collectionFactoryAbi, functionName: 'collectionCount' });
  const collectionsBefore = await count();
  const nonceBefore = await nonceOf(stack, applicant);
  const sent = stack.walletClient.writeContract({
    account: applicant,
    chain: null,
    address: stack.collectionFactory,
    abi: collectionFactoryAbi,
    functionName: 'CreateTradableCollection',
    args: [name, 'CURE2E', 2n, 1n, `ipfs://e2e-${name}/`, applicant, 500n],
  });
  await expect(sent).rejects.toThrow(/NotACreator/);
  expect(await nonceOf(stack, applicant)).toBe(nonceBefore);
  expect(await count()).toBe(collectionsBefore);

  // The owners accept the applicant (npm run creator -- add): the same call now deploys the collection.
  await registerCreator(request, applicant);
  expect(await publishRevert(applicant, name)).toBeNull();
  const hash = await stack.walletClient.writeContract({
    account: applicant,
    chain: null,
    address: stack.collectionFactory,
    abi: collectionFactoryAbi,
    functionName: 'CreateTradableCollection',
    args: [name, 'CURE2E', 2n, 1n, `ipfs://e2e-${name}/`, applicant, 500n],
  });
  const receipt = await stack.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  expect(collectionFromLogs(receipt.logs)).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(await count()).toBe(collectionsBefore + 1n);
});
