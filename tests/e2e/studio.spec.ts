import { expect, test } from '@playwright/test';
import { canvasIdOf, currentStep, openStudioAsCreator, submitDetails, uniqueName } from './support/studio';
import { pngFiles } from './support/studioFixtures';
import { expectNotice, readStack, type Stack } from './support/trading';

// The creator studio "Tests": a creator builds an image collection of 3 files through the real studio, renames a token,
// finalizes, publishes with the test wallet (one CreateTradableCollection transaction) and finds the collection in
// explore and in My creations. Account #31 is this spec's creator.
const CREATOR = 31;

let stack: Stack;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
});

test('a creator builds an image collection of 3 files, renames a token, finalizes, publishes and finds it in explore and My creations', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const { page } = await openStudioAsCreator(browser, baseURL!, request, stack, CREATOR);
  const name = uniqueName('Dawn Series');

  await submitDetails(page, { name, symbol: 'DAWN', description: 'Three mornings over the bay.', mediaType: 'Image' });
  await expect(currentStep(page)).toHaveText(/Upload images/);
  const canvasId = await canvasIdOf(page);
  await expectNotice(page, 'Collection created');

  // Upload: three PNGs made by the test, each with its own progress bar.
  await page.getByLabel('Choose images').setInputFiles(await pngFiles('dawn', 3));
  const files = page.getByRole('list', { name: 'Files to upload' }).getByRole('listitem');
  await expect(files).toHaveCount(3);
  await expect(page.getByRole('progressbar', { name: 'dawn-1.png upload progress' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  // Token details: the three tokens, named after their files; the first is renamed.
  await expect(page.getByRole('heading', { level: 1, name: 'Token details' })).toBeVisible({ timeout: 60_000 });
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0).getByLabel('Token name')).toHaveValue('dawn-1');
  await cards.nth(0).getByLabel('Token name').fill('First light');
  await cards.nth(0).getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Token updated');
  await expect(cards.nth(0).getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();

  // Preview: Finalize after the confirmation; the studio moves on to publish.
  await expect(page.getByRole('heading', { level: 1, name: 'Preview' })).toBeVisible();
  await expect(page.getByRole('list', { name: `${name} tokens` }).getByText('First light')).toBeVisible();
  await page.getByRole('button', { name: 'Finalize' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Finalize the collection?' });
  await confirm.getByRole('button', { name: 'Finalize' }).click();
  await expectNotice(page, 'Collection finalized');
  await expect(page.getByRole('heading', { level: 1, name: 'Publish' })).toBeVisible();

  // Publish: the metadata is pinned, then the test wallet signs CreateTradableCollection; the indexer marks it published.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(`${name} is published.`)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);

  // A published canvas is readable by anyone: published, with the collection's address on chain.
  const canvas = (await (await request.get(`/api/v1/canvas/${canvasId}`)).json()) as { state: string; address: string | null; tokenCount: number };
  expect(canvas).toMatchObject({ state: 'published', tokenCount: 3 });
  expect(canvas.address).toMatch(/^0x[0-9a-f]{40}$/i);

  // Explore (collections) and My creations list it.
  await page.goto('/explore?view=collection&sort=newest');
  await expect(page.getByText(name).first()).toBeVisible({ timeout: 30_000 });
  await page.goto('/account/dashboard?tab=creations');
  await expect(page.getByRole('tab', { name: 'My creations' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(name).first()).toBeVisible({ timeout: 30_000 });
});
