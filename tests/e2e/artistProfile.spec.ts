import { expect, test, type Page } from '@playwright/test';
import { registerCreator, testAddress } from './support/creators';
import { colorFor, pngImage } from './support/studioFixtures';
import { expectNotice, openSignedIn, readStack, type Stack } from './support/trading';

// The artist profile tab of /profile (the artists' pages): a creator edits the artist profile (names, a highlight, a portfolio
// image, the cover crop at 939/480), saves, reloads and sees the values, then sees them on the public artist page;
// a collector has no artist tab; typed work survives a reload before it is saved (developers' guide). Accounts of
// this spec only: #25 and #27 (registered as creators), #26 (never registered).
const CREATOR = 25;
const COLLECTOR = 26;
const RELOADING_CREATOR = 27;

let stack: Stack;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
});

async function openArtistTab(page: Page) {
  await page.goto('/profile');
  const tab = page.getByRole('tab', { name: 'Artist profile' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Artist profile' });
  await expect(form.getByLabel(/^First name/)).toBeVisible();
  return form;
}

test('a creator edits the artist profile, saves, sees it after a reload and on the public artist page', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  await registerCreator(request, testAddress(CREATOR));
  const { page, context, address } = await openSignedIn(browser, baseURL!, stack, CREATOR, '/');
  let form = await openArtistTab(page);

  // Earlier runs on the same data may have left rows: start from none.
  for (let rows = await form.getByRole('button', { name: /^Remove highlight/ }).count(); rows > 0; rows -= 1) {
    await form.getByRole('button', { name: 'Remove highlight 1' }).click();
  }
  for (let rows = await form.getByRole('button', { name: /^Remove image/ }).count(); rows > 0; rows -= 1) {
    await form.getByRole('button', { name: 'Remove image 1' }).click();
  }

  await form.getByLabel(/^First name/).fill('Nadia');
  await form.getByLabel(/^Last name/).fill('Quill');
  await form.getByLabel('Website').fill('https://nadia-quill.example');
  await form.getByRole('button', { name: 'Add highlight' }).click();
  await form.getByLabel('Highlight 1 date').fill('2024-05-01');
  await form.getByLabel('Highlight 1 achievement').fill('Solo show at the Lumen gallery');

  await form.getByLabel('Portfolio image files').setInputFiles({
    name: 'harbour.png',
    mimeType: 'image/png',
    buffer: await pngImage({ width: 480, height: 320, color: colorFor(3) }),
  });
  await expect(form.getByRole('img', { name: 'Portfolio image 1' })).toBeVisible();
  await form.getByLabel('Caption of image 1').fill('Harbour at dawn');

  await form.getByLabel('Cover image file').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await pngImage({ width: 1200, height: 800, color: colorFor(5) }),
  });
  const editor = form.getByRole('group', { name: 'Crop the cover' });
  await expect(editor.getByRole('img', { name: 'Image to crop: cover.png' })).toBeVisible();
  await editor.getByRole('button', { name: 'Apply' }).click();
  const newCover = form.getByRole('img', { name: 'New cover' });
  await expect(newCover).toBeVisible();
  // The crop keeps the artist cover's 939/480.
  const ratio = await newCover.evaluate((image: HTMLImageElement) => image.naturalWidth / image.naturalHeight);
  expect(ratio).toBeCloseTo(939 / 480, 1);

  await form.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Profile saved');

  await page.reload();
  form = await openArtistTab(page);
  await expect(form.getByLabel(/^First name/)).toHaveValue('Nadia');
  await expect(form.getByLabel(/^Last name/)).toHaveValue('Quill');
  await expect(form.getByLabel('Highlight 1 achievement')).toHaveValue('Solo show at the Lumen gallery');
  await expect(form.getByLabel('Highlight 1 date')).toHaveValue('2024-05-01');
  await expect(form.getByLabel('Caption of image 1')).toHaveValue('Harbour at dawn');
  await expect(form.getByRole('img', { name: 'Portfolio image 1' })).toHaveAttribute('src', /\/ipfs\/thumbnail\//);
  const cover = form.getByRole('img', { name: 'Current cover' });
  await expect(cover).toHaveAttribute('src', /\/ipfs\//);
  const storedRatio = await cover.evaluate(async (image: HTMLImageElement) => {
    await image.decode();
    return image.naturalWidth / image.naturalHeight;
  });
  expect(storedRatio).toBeCloseTo(939 / 480, 1);

  await page.goto(`/artist/${address}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nadia Quill' })).toBeVisible();
  await expect(page.getByText('Solo show at the Lumen gallery')).toBeVisible();
  await page.getByText('Harbour at dawn').scrollIntoViewIfNeeded();
  await expect(page.getByText('Harbour at dawn')).toBeVisible();
  await context.close();
});

test('typed names and a highlight survive a reload before saving; Save keeps them and the draft is gone', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  await registerCreator(request, testAddress(RELOADING_CREATOR));
  const { page, context } = await openSignedIn(browser, baseURL!, stack, RELOADING_CREATOR, '/');
  let form = await openArtistTab(page);
  // Names of letters only, new on every run (the same data may hold an earlier run's saved values).
  const run = [...String(Date.now()).slice(-6)].map((digit) => 'abcdefghij'[Number(digit)]).join('');
  const first = `Ines${run}`;
  const last = `Vale${run}`;
  for (let rows = await form.getByRole('button', { name: /^Remove highlight/ }).count(); rows > 0; rows -= 1) {
    await form.getByRole('button', { name: 'Remove highlight 1' }).click();
  }
  await form.getByLabel(/^First name/).fill(first);
  await form.getByLabel(/^Last name/).fill(last);
  await form.getByRole('button', { name: 'Add highlight' }).click();
  await form.getByLabel('Highlight 1 date').fill('2025-03-14');
  await form.getByLabel('Highlight 1 achievement').fill(`Residency ${run}`);
  await expect(form.getByLabel('Highlight 1 achievement')).toHaveValue(`Residency ${run}`);

  // Not saved: the reload brings the draft back (kept in IndexedDB as it was typed) and says so.
  await page.reload();
  form = await openArtistTab(page);
  await expect(form.getByRole('status')).toHaveText(/Your unsaved changes from your last visit are restored/);
  await expect(form.getByRole('button', { name: 'Discard changes' })).toBeVisible();
  await expect(form.getByLabel(/^First name/)).toHaveValue(first);
  await expect(form.getByLabel(/^Last name/)).toHaveValue(last);
  await expect(form.getByLabel('Highlight 1 date')).toHaveValue('2025-03-14');
  await expect(form.getByLabel('Highlight 1 achievement')).toHaveValue(`Residency ${run}`);

  await form.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Profile saved');
  await expect(form.getByRole('button', { name: 'Discard changes' })).toHaveCount(0);

  // Saved: the next load is the server's record, with no draft notice.
  await page.reload();
  form = await openArtistTab(page);
  await expect(form.getByLabel(/^First name/)).toHaveValue(first);
  await expect(form.getByLabel('Highlight 1 achievement')).toHaveValue(`Residency ${run}`);
  await expect(form.getByRole('button', { name: 'Discard changes' })).toHaveCount(0);
  await context.close();
});

test('a collector sees the General tab only', async ({ browser, baseURL }) => {
  const { page, context } = await openSignedIn(browser, baseURL!, stack, COLLECTOR, '/');
  await page.goto('/profile');
  await expect(page.getByRole('form', { name: 'General' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['General']);
  await expect(page.getByRole('tab', { name: 'Artist profile' })).toHaveCount(0);
  await context.close();
});
