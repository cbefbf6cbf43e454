import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { registerCreator } from './creators';
import { addressOf, openSignedIn, type SignedInPage, type Stack } from './trading';

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
export async function openStudioAsCreator(browser: Browser, baseURL: string, request: APIRequestContext, stack: Stack, index: number): Promise<SignedInPage> {
  await registerCreator(request, addressOf(stack, index));
  const signedIn = await openSignedIn(browser, baseURL, stack, index, '/');
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
