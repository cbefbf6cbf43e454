import { expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { registerCreator } from './creators';
import { addressOf, holdingsOf, openSignedIn, type SignedInPage, type Stack } from './trading';

// Shared steps of the studio specs: a registered creator signed in on /studio/create, the details form, the stepper.

export type StudioMediaLabel = 'Image' | 'GIF' | 'Flipcard' | 'Generative Art' | 'Video';

export interface CanvasDetails {
  name: string;
  symbol: string;
  description: string;
  mediaType: StudioMediaLabel;
  royalties?: string;
  /** Generative collections: the variable the sketch reads its seed from. */
  seedIdentifier?: string;
}

/** A name no earlier run of the spec used (the stack may be reused by a developer). */
export const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/** Registers account #index as a creator (the owners' acceptance), signs it in and opens /studio/create. */
export async function openStudioAsCreator(
  browser: Browser,
  baseURL: string,
  request: APIRequestContext,
  stack: Stack,
  index: number,
  contextOptions: BrowserContextOptions = {},
): Promise<SignedInPage> {
  await registerCreator(request, addressOf(stack, index));
  const signedIn = await openSignedIn(browser, baseURL, stack, index, '/', contextOptions);
  await signedIn.page.goto('/studio/create');
  await expect(detailsForm(signedIn.page)).toBeVisible();
  return signedIn;
}

export const detailsForm = (page: Page) => page.getByRole('form', { name: 'Collection details' });

/** The stepper's current step title ("Details", "Upload video", …). */
export const currentStep = (page: Page) => page.getByRole('navigation', { name: 'Studio steps' }).locator('[aria-current="step"] .studio-step-title');

/** Fills the collection details form and submits it with Next: the collection is created. */
export async function submitDetails(page: Page, details: CanvasDetails): Promise<void> {
  const form = detailsForm(page);
  await form.getByLabel('Name', { exact: true }).fill(details.name);
  await form.getByLabel('Symbol', { exact: true }).fill(details.symbol);
  await form.getByLabel('Description', { exact: true }).fill(details.description);
  await form.getByLabel('Royalties (basis points)').fill(details.royalties ?? '500');
  await form.getByLabel('Media type').selectOption({ label: details.mediaType });
  if (details.seedIdentifier !== undefined) await form.getByLabel('Seed identifier').fill(details.seedIdentifier);
  await form.getByRole('button', { name: 'Next' }).click();
}

/** The studio collection id in the page's URL (/studio/edit/{id}) once the collection exists. */
export async function canvasIdOf(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/studio\/edit\/[^/?#]+/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

/**
 * From the token details step: Next to the preview, Finalize after the confirmation, then Publish with the test
 * wallet (one CreateTradableCollection) until the studio says the collection is published.
 */
export async function finalizeAndPublish(page: Page, name: string): Promise<void> {
  await finalizeToPublish(page);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(`${name} is published.`)).toBeVisible({ timeout: 90_000 });
}

/** From the token details step: Next to the preview, Finalize after the confirmation, until the publish step shows. */
export async function finalizeToPublish(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Token details' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Finalize' }).click();
  await page.getByRole('alertdialog', { name: 'Finalize the collection?' }).getByRole('button', { name: 'Finalize' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Publish' })).toBeVisible();
}

export interface PublishedCanvas {
  address: string;
  chainId: number;
  /** The token page of each token (/token/{holdingId}), in tokenId order. */
  tokenPages: string[];
}

/** A published canvas as anyone reads it: its address and chain, and its tokens' pages once the indexer has the holdings. */
export async function publishedCanvas(request: APIRequestContext, canvasId: string, tokenCount: number): Promise<PublishedCanvas> {
  const canvas = (await (await request.get(`/api/v1/canvas/${canvasId}`)).json()) as { state: string; address: string | null; chainId: number };
  expect(canvas.state).toBe('published');
  expect(canvas.address).toMatch(/^0x[0-9a-f]{40}$/i);
  let holdings: Array<{ id: string; token: { tokenId: string } }> = [];
  await expect
    .poll(async () => {
      holdings = await holdingsOf(request, canvasId);
      return holdings.length;
    }, { message: `the indexer has the holdings of canvas ${canvasId}`, timeout: 30_000 })
    .toBe(tokenCount);
  const pages = [...holdings].sort((a, b) => Number(a.token.tokenId) - Number(b.token.tokenId)).map((holding) => `/token/${holding.id}`);
  return { address: canvas.address!, chainId: canvas.chainId, tokenPages: pages };
}
