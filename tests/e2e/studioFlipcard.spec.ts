import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { canvasIdOf, currentStep, detailsForm, finalizeAndPublish, openStudioAsCreator, publishedCanvas, submitDetails, uniqueName } from './support/studio';
import { pngImage, type FilePayload } from './support/studioFixtures';
import { readStack, type Stack } from './support/trading';

// The creator studio "Tests": a flipcard 1 × 2 built through the real studio (details → upload flipcard → save preview → token
// details → preview → publish). The flipcard is one image (docs/requirements.md#studio-upload "Flipcard upload: exactly one image file")
// shown as an interactive grid of rows × columns cards that flip on click (display: interactive grid, click, flip).
// On the published token page the grid has one row of two cards cut from the uploaded image, and a click turns one
// card over (aria-pressed and is-flipped) and a second click turns it back. Account #36 is this spec's creator.
const CREATOR = 36;

let stack: Stack;
let image: FilePayload;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
  image = { name: 'tide-faces.png', mimeType: 'image/png', buffer: await pngImage({ width: 480, height: 240, color: { r: 40, g: 150, b: 200 } }) };
});

const cardName = (n: number) => `Flip card ${n} of 2 (row 1, column ${n})`;

/** The background image URL of a card's face. */
async function faceUrl(card: Locator, face: 'front' | 'back'): Promise<string> {
  const style = await card.locator(`.flip-${face}`).evaluate((element: HTMLElement) => element.style.backgroundImage);
  const url = /url\("?([^")]+)"?\)/.exec(style)?.[1];
  expect(url, `the ${face} face shows an image`).toBeTruthy();
  return url!;
}

/**
 * The 1 × 2 grid (as the studio preview and the token page show it): two cards side by side, each a slice of the
 * uploaded image; clicking the first turns it over, the second stays, clicking again turns it back.
 */
async function expectFlippingGrid(page: Page, request: APIRequestContext, tokenName: string): Promise<void> {
  const grid = page.getByRole('group', { name: `${tokenName}: 1 × 2 cards, each flips` });
  await expect(grid).toBeVisible();
  const cards = grid.getByRole('button');
  await expect(cards).toHaveCount(2);
  const [first, second] = [grid.getByRole('button', { name: cardName(1) }), grid.getByRole('button', { name: cardName(2) })];

  // One row of two columns: the same top, the second card to the right of the first.
  const [a, b] = [(await first.boundingBox())!, (await second.boundingBox())!];
  expect(Math.abs(a.y - b.y)).toBeLessThan(1);
  expect(b.x).toBeGreaterThanOrEqual(a.x + a.width - 1);
  // Each card is a slice of the uploaded image: left half, right half.
  const front = await faceUrl(first, 'front');
  expect(await faceUrl(second, 'front')).toBe(front);
  // Shown through a derivative sized for the screen (`?w=`, domain/responsiveImage.ts derivativeFor) where the page
  // shows it at the detail size: the same image's address without it serves the bytes uploaded.
  const served = await request.get(front);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^image\//);
  const original = await request.get(front.replace(/\?w=\d+$/, ''));
  expect(Buffer.from(await original.body()).equals(image.buffer), 'the cards show the uploaded image').toBe(true);
  await expect(first.locator('.flip-front')).toHaveCSS('background-position', '0% 0%');
  await expect(second.locator('.flip-front')).toHaveCSS('background-position', '100% 0%');

  // A click flips the first card only; a second click turns it back.
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(first).toHaveClass(/\bis-flipped\b/);
  await expect(second).toHaveAttribute('aria-pressed', 'false');
  await expect(second).not.toHaveClass(/\bis-flipped\b/);
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await expect(first).not.toHaveClass(/\bis-flipped\b/);
}

test('a flipcard 1 × 2: one image uploaded, previewed, published, and on the token page a click flips a card of the grid', async ({ browser, baseURL, request }) => {
  test.setTimeout(240_000);
  const { page, context } = await openStudioAsCreator(browser, baseURL!, request, stack, CREATOR);
  const name = uniqueName('Tide Faces');

  // Details: Flipcard offers its grid, 1 row × 2 columns by default; they are kept as they are.
  const form = detailsForm(page);
  await form.getByLabel('Media type').selectOption({ label: 'Flipcard' });
  const grid = form.getByRole('group', { name: 'Flipcard grid' });
  await expect(grid.getByLabel('Rows')).toHaveValue('1');
  await expect(grid.getByLabel('Columns')).toHaveValue('2');
  await submitDetails(page, { name, symbol: 'TIDE', description: 'One tide, two cards to turn.', mediaType: 'Flipcard' });
  const canvasId = await canvasIdOf(page);

  // Upload flipcard: exactly one image.
  await expect(currentStep(page)).toHaveText('Upload flipcard');
  await expect(page.getByRole('list', { name: 'Upload notes' })).toContainText('Exactly one image: it becomes the flipcard.');
  await page.getByLabel('Choose the flipcard image').setInputFiles(image);
  await expect(page.getByLabel('Choose the flipcard image')).toHaveCount(0);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  // Save preview: the flipcard as it will flip.
  await expect(currentStep(page)).toHaveText('Save preview', { timeout: 60_000 });
  await expect(page.getByRole('region', { name: 'Flipcard preview' })).toBeVisible();
  await expectFlippingGrid(page, request, 'tide-faces');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('article').getByLabel('Token name')).toHaveValue('tide-faces', { timeout: 60_000 });
  await finalizeAndPublish(page, name);

  // The published token page renders the flipcard grid, and a click flips a card.
  const published = await publishedCanvas(request, canvasId, 1);
  const canvas = (await (await request.get(`/api/v1/canvas/${canvasId}`)).json()) as { attributes: unknown };
  expect(canvas.attributes, 'the display metadata').toEqual({ display: { layout: 'interactive grid', action: 'click', transition: 'flip', rows: 1, columns: 2 } });
  await page.goto(published.tokenPages[0]!);
  await expect(page.getByRole('heading', { level: 1, name: 'tide-faces' })).toBeVisible();
  await expect(page.locator('.media-detail[data-media-type="multipart/image"] .flipcard-interactive')).toBeVisible();
  await expectFlippingGrid(page, request, 'tide-faces');
  await context.close();
});
