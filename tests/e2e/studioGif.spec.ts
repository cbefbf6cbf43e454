import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { canvasIdOf, currentStep, finalizeAndPublish, openStudioAsCreator, publishedCanvas, submitDetails, uniqueName } from './support/studio';
import { animatedGif, pngImage, type FilePayload } from './support/studioFixtures';
import { readStack, type Stack } from './support/trading';

// The creator studio "Tests": a gif with a default thumbnail and one with a custom thumbnail, each built through the real
// studio (details → upload gif → thumbnail → token details → preview → publish). After publication the token page
// plays the gif itself, and the token's card on the collection page shows the chosen thumbnail: for the default,
// a still png of the gif's first frame drawn by the browser; for the custom one, the uploaded png as cropped.
// Account #34 is this spec's creator.
const CREATOR = 34;
/** Side of the pictures compared, after both are scaled to it. */
const SAMPLE = 32;

let stack: Stack;
let gif: FilePayload;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
  gif = { name: 'drift.gif', mimeType: 'image/gif', buffer: await animatedGif({ size: 160, frames: 6 }) };
});

/** The picture's pixels at SAMPLE × SAMPLE, RGB, for comparing pictures of different sizes and encodings. */
async function sample(input: Buffer, page?: number): Promise<Buffer> {
  return sharp(input, page === undefined ? {} : { page }).flatten({ background: '#000000' }).resize(SAMPLE, SAMPLE, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}

/** Mean absolute difference per channel (0–255) between two sampled pictures. */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

async function fetched(request: APIRequestContext, url: string): Promise<Buffer> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return Buffer.from(await response.body());
}

/** Uploads the gif on the upload step; the studio moves on to the thumbnail step. */
async function uploadGif(page: Page): Promise<void> {
  await expect(currentStep(page)).toHaveText('Upload gif');
  await expect(page.getByRole('list', { name: 'Upload notes' })).toContainText('Supported formats: GIF');
  await page.getByLabel('Choose a gif').setInputFiles(gif);
  await expect(page.getByRole('progressbar', { name: `${gif.name} upload progress` })).toBeVisible();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(currentStep(page)).toHaveText('Thumbnail', { timeout: 60_000 });
}

/**
 * After publication: the token page shows the gif itself (the same bytes), and the token's card on the collection
 * page shows the thumbnail; returns the original bytes of that thumbnail (/ipfs/{cid}) for the caller to compare.
 */
async function publishedThumbnail(page: Page, request: APIRequestContext, canvasId: string, tokenName: string, collectionName: string): Promise<Buffer> {
  const published = await publishedCanvas(request, canvasId, 1);

  await page.goto(published.tokenPages[0]!);
  await expect(page.getByRole('heading', { level: 1, name: tokenName })).toBeVisible();
  const media = page.locator('.media-detail[data-media-type="gif"]');
  await expect(media.locator('[data-animating="true"]')).toBeVisible();
  const shown = media.getByRole('img', { name: tokenName });
  await expect(shown).toHaveAttribute('src', /\/ipfs\/[A-Za-z0-9]+$/);
  expect((await fetched(request, (await shown.getAttribute('src'))!)).equals(gif.buffer), 'the token page plays the uploaded gif').toBe(true);

  await page.goto(`/collection/${published.address.toLowerCase()}/${published.chainId}`);
  const card = page.getByRole('list', { name: `Artworks of ${collectionName}` }).getByRole('article', { name: tokenName });
  const thumbnail = card.getByRole('img', { name: tokenName });
  await expect(thumbnail).toHaveAttribute('src', /\/ipfs\/thumbnail\/[A-Za-z0-9]+$/);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the card shows its thumbnail' }).toBe(true);
  const src = (await thumbnail.getAttribute('src'))!;
  const served = await sharp(await fetched(request, src)).metadata();
  expect(served.pages ?? 1, 'the card thumbnail is a still image').toBe(1);
  // The thumbnail cid's original bytes: what the studio uploaded as the token's thumbnail.
  const original = await fetched(request, src.replace('/ipfs/thumbnail/', '/ipfs/'));
  const meta = await sharp(original).metadata();
  expect(['png', 'jpeg'], 'the thumbnail is a png or jpeg, not the gif').toContain(meta.format);
  expect(meta.pages ?? 1).toBe(1);
  return original;
}

test('a gif collection with the default thumbnail: the first frame drawn by the browser becomes the token thumbnail', async ({ browser, baseURL, request }) => {
  test.setTimeout(240_000);
  const { page, context } = await openStudioAsCreator(browser, baseURL!, request, stack, CREATOR);
  const name = uniqueName('Drift Default');
  await submitDetails(page, { name, symbol: 'DRIFT', description: 'A red square drifting across the night.', mediaType: 'GIF' });
  const canvasId = await canvasIdOf(page);
  await uploadGif(page);

  // The default thumbnail is selected: the gif's first frame drawn on a canvas.
  await expect(page.getByRole('tab', { name: 'Default thumbnail' })).toHaveAttribute('aria-selected', 'true');
  const frame = page.getByRole('img', { name: 'drift, first frame' });
  await expect(frame).toBeVisible();
  await expect.poll(() => frame.evaluate((canvas: HTMLCanvasElement) => `${canvas.width}×${canvas.height}`)).toBe('160×160');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('article').getByLabel('Token name')).toHaveValue('drift', { timeout: 60_000 });
  await finalizeAndPublish(page, name);

  const thumbnail = await sample(await publishedThumbnail(page, request, canvasId, 'drift', name));
  const firstFrame = await sample(gif.buffer, 0);
  const lastFrame = await sample(gif.buffer, 5);
  expect(difference(thumbnail, firstFrame), 'the thumbnail is the first frame').toBeLessThan(4);
  expect(difference(thumbnail, lastFrame), 'and not a later one').toBeGreaterThan(10);
  await context.close();
});

test('a gif collection with a custom thumbnail: the uploaded png, cropped square, becomes the token thumbnail', async ({ browser, baseURL, request }) => {
  test.setTimeout(240_000);
  const { page, context } = await openStudioAsCreator(browser, baseURL!, request, stack, CREATOR);
  const name = uniqueName('Drift Custom');
  const custom: FilePayload = { name: 'cover-art.png', mimeType: 'image/png', buffer: await pngImage({ width: 300, height: 300, color: { r: 240, g: 180, b: 40 } }) };
  await submitDetails(page, { name, symbol: 'DRIFTC', description: 'The same drift, with a chosen still.', mediaType: 'GIF' });
  const canvasId = await canvasIdOf(page);
  await uploadGif(page);

  // Custom thumbnail: choose the png, Next stays disabled while the editor is open, Apply the (whole) square crop.
  await page.getByRole('tab', { name: 'Custom thumbnail' }).click();
  await expect(page.getByRole('tab', { name: 'Custom thumbnail' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Custom thumbnail file').setInputFiles(custom);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('img', { name: 'Custom thumbnail: the chosen image' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('article').getByLabel('Token name')).toHaveValue('drift', { timeout: 60_000 });
  await finalizeAndPublish(page, name);

  const thumbnail = await sample(await publishedThumbnail(page, request, canvasId, 'drift', name));
  expect(difference(thumbnail, await sample(custom.buffer)), 'the thumbnail is the uploaded png').toBeLessThan(4);
  expect(difference(thumbnail, await sample(gif.buffer, 0)), 'and not the gif').toBeGreaterThan(20);
  await context.close();
});
