import { expect, test, type Page } from '@playwright/test';
import { commentsPanel, showComments } from './support/comments';
import { canvasIdOf, currentStep, detailsForm, openStudioAsCreator, submitDetails, uniqueName } from './support/studio';
import { pngFiles } from './support/studioFixtures';
import { openSignedIn, readStack, type Stack } from './support/trading';

// Nothing typed is lost offline: text and files typed or chosen survive a reload as drafts, and are sent only when the user presses
// Send (Save, Post) again. Account #67 is this spec's creator and #68 its commenter (no other spec, nor the demo seed,
// uses them); the contact form needs no account.
const CREATOR = 67;
const COMMENTER = 68;

let stack: Stack;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
});

/** Counts the page's (and its service worker's) requests matching `method` and `path`, letting them through. */
async function countRequests(page: Page, method: string, path: string): Promise<{ count: () => number }> {
  let count = 0;
  await page.context().route(`**${path}`, async (route) => {
    if (route.request().method() === method) count += 1;
    await route.fallback();
  });
  return { count: () => count };
}

test('studio: a cover chosen and not applied, and a token name typed and not saved, are still there after a reload', async ({ browser, baseURL, request }) => {
  test.setTimeout(240_000);
  const { page } = await openStudioAsCreator(browser, baseURL!, request, stack, CREATOR);
  const name = uniqueName('Draft Tide');
  const [cover] = await pngFiles('draft-cover', 1);

  // The details step: a name typed, a cover chosen, its crop not applied.
  const form = detailsForm(page);
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Cover image file').setInputFiles(cover!);
  await expect(form.getByRole('button', { name: 'Apply' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.reload();
  await expect(detailsForm(page).getByLabel('Name', { exact: true })).toHaveValue(name);
  // The crop editor is open again with the chosen file: Apply it, then go on.
  await detailsForm(page).getByRole('button', { name: 'Apply' }).click();
  await expect(detailsForm(page).getByRole('img', { name: 'Cover image: the chosen image' })).toBeVisible();
  await submitDetails(page, { name, symbol: 'TIDE', description: 'A draft that survives.', mediaType: 'Image' });
  await expect(currentStep(page)).toHaveText(/Upload images/);
  const canvasId = await canvasIdOf(page);

  await page.getByLabel('Choose images').setInputFiles(await pngFiles('tide', 1));
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Token details' })).toBeVisible({ timeout: 60_000 });

  // The token step: a new name typed, not saved; a PUT of the token would send it.
  const saves = await countRequests(page, 'PUT', `/api/v1/canvas/${canvasId}/token/*`);
  const card = page.getByRole('article').first();
  await expect(card.getByLabel('Token name')).toHaveValue('tide-1');
  await card.getByLabel('Token name').fill('Evening tide');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Token details' })).toBeVisible({ timeout: 60_000 });
  const restored = page.getByRole('article').first();
  await expect(restored.getByLabel('Token name')).toHaveValue('Evening tide');
  await expect(restored.getByRole('button', { name: 'Save' })).toBeEnabled();
  expect(saves.count()).toBe(0);

  // Sent only on Save; saved, the draft is gone (a reload shows the saved name).
  await restored.getByRole('button', { name: 'Save' }).click();
  await expect.poll(saves.count).toBe(1);
  await expect(page.getByText('Token updated')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('article').first().getByLabel('Token name')).toHaveValue('Evening tide');
  await expect(page.getByRole('article').first().getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.context().close();
});

test('contact: a typed message survives a reload and nothing is sent until Send', async ({ page }) => {
  const posts = await countRequests(page, 'POST', '/api/v1/connect');
  const message = `A question kept as a draft ${Date.now().toString(36)}`;
  await page.goto('/contact-us');
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Collector Support');
  await page.getByRole('combobox', { name: 'Topic' }).selectOption('Buying Art');
  await page.getByRole('textbox', { name: 'Name' }).fill('Draft Writer');
  await page.getByRole('textbox', { name: 'Email' }).fill('draft.writer@example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill(message);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(message);
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Collector Support');
  await expect(page.getByRole('combobox', { name: 'Topic' })).toHaveValue('Buying Art');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Draft Writer');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('draft.writer@example.com');
  // The human check is not kept: Send waits for it, and the reload sent nothing.
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  expect(posts.count()).toBe(0);
});

test('comments: a comment draft survives a reload and is posted only on Post', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const listed = await request.post('/graphql', {
    data: { query: '{ getMarketplaceTokens(sort: { sortBy: "_id", sortDir: -1 }, pagination: { perPage: 10 }) { edges { node { tokenHolding { id } } } } }' },
  });
  const edges = ((await listed.json()) as { data: { getMarketplaceTokens: { edges: { node: { tokenHolding: { id: string } | null } }[] } } }).data.getMarketplaceTokens.edges;
  const holding = edges.map((edge) => edge.node.tokenHolding).find((candidate) => candidate !== null);
  if (!holding) throw new Error('no listed token with a holding');
  const { page } = await openSignedIn(browser, baseURL!, stack, COMMENTER, `/token/${holding.id}`);
  const posts = await countRequests(page, 'POST', '/api/v1/comments');
  const text = `Draft comment ${Date.now().toString(36)}`;

  await showComments(page);
  await commentsPanel(page).getByRole('textbox', { name: 'Write a comment' }).click();
  await commentsPanel(page).getByRole('textbox', { name: 'Write a comment' }).fill(text);
  await page.reload();
  await showComments(page);
  await expect(commentsPanel(page).getByRole('textbox', { name: 'Write a comment' })).toHaveValue(text);
  expect(posts.count()).toBe(0);

  await commentsPanel(page).getByRole('button', { name: 'Post' }).click();
  await expect(commentsPanel(page).locator('article.comment-body').filter({ has: page.getByText(text, { exact: true }) })).toHaveCount(1);
  expect(posts.count()).toBe(1);
  await page.context().close();
});
