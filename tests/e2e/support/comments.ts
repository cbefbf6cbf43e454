import { expect, type Page } from '@playwright/test';

/** The token page's comments panel (named 'Comments' while it loads, 'Comments (n)' once its thread is in). */
export const commentsPanel = (page: Page) => page.getByRole('region', { name: /^Comments/ });

/**
 * The panel renders once scrolled near: scroll to it until its loaded thread ('Comments (n)') is in view. Retried
 * as a whole, because the panel's element is replaced when its thread loads or the session is restored after a
 * reload, and a scroll aimed at the old element would fail on a detached node.
 */
export async function showComments(page: Page): Promise<void> {
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await commentsPanel(page).scrollIntoViewIfNeeded({ timeout: 1_000 });
    await expect(page.getByRole('region', { name: /^Comments \(\d+\)$/ })).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}
