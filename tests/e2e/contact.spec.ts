import { expect, test, type Page, type Request } from '@playwright/test';

// The editorial pages "Contact": /contact-us in the demo, where the server has no Turnstile keys, so the human check is the
// self-hosted ALTCHA proof of work: the real widget fetches a challenge from GET /api/v1/connect/challenge and
// solves it in its workers under the server's CSP, and POST /api/v1/connect verifies it. No wallet needed.
// The refusal test uses the real per-client limit (5 messages an hour): it comes last, since it spends what is left.

const CONTACT_POST = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/connect';

/** The multipart fields of the contact POST, read back from the request body. */
function postedFields(request: Request): Record<string, string> {
  const body = request.postDataBuffer()?.toString('utf8') ?? '';
  const fields: Record<string, string> = {};
  for (const part of body.split(/--[-\w]+(?:--)?\r\n?/)) {
    const match = /name="([^"]+)"\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)\r\n$/.exec(part);
    if (match) fields[match[1]!] = match[2]!;
  }
  return fields;
}

const field = (page: Page) => ({
  category: page.getByRole('combobox', { name: 'Category' }),
  topic: page.getByRole('combobox', { name: 'Topic' }),
  typedTopic: page.getByRole('textbox', { name: 'Your topic' }),
  name: page.getByRole('textbox', { name: 'Name' }),
  email: page.getByRole('textbox', { name: 'Email' }),
  message: page.getByRole('textbox', { name: 'Message' }),
  check: page.getByRole('checkbox', { name: "I'm not a robot" }),
  send: page.getByRole('button', { name: 'Send' }),
});

/** Solves the real ALTCHA widget: the challenge comes from our server and the proof of work runs in the browser. */
async function solveHumanCheck(page: Page) {
  const challenge = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/connect/challenge');
  // The widget's label (its check mark drawing lies over the box itself).
  await page.locator('altcha-widget').getByText("I'm not a robot").click();
  expect((await challenge).status()).toBe(200);
  await expect(page.locator('altcha-widget [data-state]').first()).toHaveAttribute('data-state', 'verified', { timeout: 30_000 });
}

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('footer Help → Contact us: a full message with the real ALTCHA check, sent trimmed; the server answers 200 and the form empties', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('navigation', { name: 'Help' }).getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/contact-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page).toHaveTitle('Contact us | Art Bazaar');
  const info = page.getByRole('complementary', { name: 'Before you write' });
  await expect(info.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
  await expect(info.getByRole('link', { name: 'apply to become an artist' })).toHaveAttribute('href', '/artists/apply');
  await expect(info.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(4);

  const f = field(page);
  await expect(f.topic).toBeDisabled();
  await expect(f.send).toBeDisabled();
  await f.category.selectOption('Artist Support');
  await expect(f.topic).toBeEnabled();
  await f.topic.selectOption('Minting & Uploading');
  await f.name.fill('  Mara Vale  ');
  await f.email.fill('mara@example.net');
  await f.message.fill('  My flipcard collection stops at the thumbnail step.\nThe upload finishes, then nothing.  ');
  await expect(f.send).toBeDisabled();
  await solveHumanCheck(page);
  await expect(f.send).toBeEnabled();

  const posted = page.waitForRequest(CONTACT_POST);
  const answered = page.waitForResponse((response) => CONTACT_POST(response.request()));
  await f.send.click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ success: true });
  const sent = postedFields(await posted);
  expect(sent).toMatchObject({
    category: 'Artist Support',
    topic: 'Minting & Uploading',
    name: 'Mara Vale',
    email: 'mara@example.net',
    // (multipart/form-data carries line breaks as CRLF, as browsers encode every form field.)
    message: 'My flipcard collection stops at the thumbnail step.\r\nThe upload finishes, then nothing.',
  });
  expect(sent.turnstile?.length).toBeGreaterThan(20);

  await expect(page.getByRole('status').filter({ hasText: 'Message sent successfully' })).toBeVisible();
  await expect(f.category).toHaveValue('');
  await expect(f.name).toHaveValue('');
  await expect(f.message).toHaveValue('');
  await expect(f.send).toBeDisabled();
  // A fresh, unsolved check for the next message.
  await expect(f.check).not.toBeChecked();
  expect(errors).toEqual([]);
});

test("'Other' → 'Add topic': the typed topic is sent in its place", async ({ page }) => {
  await page.goto('/contact-us');
  const f = field(page);
  await f.category.selectOption('Other');
  await expect(f.typedTopic).toHaveCount(0);
  await f.topic.selectOption('Add topic');
  await f.typedTopic.fill('  Press enquiry  ');
  await f.name.fill('Grace Hopper');
  await f.email.fill('grace@example.org');
  await f.message.fill('Could we quote one of your exhibition texts in our magazine?');
  await solveHumanCheck(page);
  const posted = page.waitForRequest(CONTACT_POST);
  const answered = page.waitForResponse((response) => CONTACT_POST(response.request()));
  await f.send.click();
  expect((await answered).status()).toBe(200);
  expect(postedFields(await posted)).toMatchObject({ category: 'Other', topic: 'Press enquiry', name: 'Grace Hopper' });
  await expect(page.getByText('Message sent successfully')).toBeVisible();
});

test('keyboard only: every field, the human check and Send', async ({ page }) => {
  await page.goto('/contact-us');
  const f = field(page);
  await f.category.focus();
  // A closed select takes the arrow keys: the first category, then its first topic.
  await page.keyboard.press('ArrowDown');
  await expect(f.category).toHaveValue('Artist Support');
  await page.keyboard.press('Tab');
  await expect(f.topic).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(f.topic).toHaveValue('Minting & Uploading');
  await page.keyboard.press('Tab');
  await expect(f.name).toBeFocused();
  await page.keyboard.type('Ada Nwosu');
  await page.keyboard.press('Tab');
  await page.keyboard.type('ada@example.com');
  await page.keyboard.press('Tab');
  await expect(f.message).toBeFocused();
  await page.keyboard.type('How many artworks can one collection hold?');
  await page.keyboard.press('Tab');
  await expect(f.check).toBeFocused();
  await page.keyboard.press('Space');
  await expect(f.send).toBeEnabled({ timeout: 30_000 });
  // On to Send (past the widget's own link, when it shows one); its focus is visible.
  for (let i = 0; i < 4 && !(await f.send.evaluate((button) => button === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(f.send).toBeFocused();
  expect(await f.send.evaluate((button) => button.matches(':focus-visible') && getComputedStyle(button).outlineStyle !== 'none')).toBe(true);
  const answered = page.waitForResponse((response) => CONTACT_POST(response.request()));
  await page.keyboard.press('Enter');
  expect((await answered).status()).toBe(200);
  await expect(page.getByText('Message sent successfully')).toBeVisible();
});

test('refused (the real per-client limit, 429): the failure message, and everything typed is kept', async ({ page }) => {
  await page.goto('/contact-us');
  const f = field(page);
  await f.category.selectOption('Feedback & Ideas');
  await f.topic.selectOption('Design & Usability');
  await f.name.fill('Lin Okafor');
  await f.email.fill('lin@example.com');
  await f.message.fill('The dark theme makes the price labels hard to read.');
  await solveHumanCheck(page);

  // Spend the rest of this client's messages for the hour (well-formed messages, a forged check: each counts).
  let status = 0;
  for (let i = 0; i < 6 && status !== 429; i += 1) {
    const answer = await page.request.post('/api/v1/connect', {
      multipart: { category: 'Other', topic: 'Rate limit', name: 'Test', email: 'test@example.com', message: 'Counting towards the limit.', turnstile: 'forged' },
    });
    status = answer.status();
    expect([403, 429]).toContain(status);
  }
  expect(status).toBe(429);

  const answered = page.waitForResponse((response) => CONTACT_POST(response.request()));
  await f.send.click();
  expect((await answered).status()).toBe(429);
  await expect(page.getByRole('alert').filter({ hasText: 'Message not sent. Please try again later.' })).toBeVisible();
  await expect(f.category).toHaveValue('Feedback & Ideas');
  await expect(f.topic).toHaveValue('Design & Usability');
  await expect(f.name).toHaveValue('Lin Okafor');
  await expect(f.email).toHaveValue('lin@example.com');
  await expect(f.message).toHaveValue('The dark theme makes the price labels hard to read.');
  // The spent check is replaced: Send waits for it again.
  await expect(f.send).toBeDisabled();
  await expect(f.check).not.toBeChecked();
});
