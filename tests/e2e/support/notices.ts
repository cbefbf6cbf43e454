import { expect, type Page } from '@playwright/test';

// Notifications show one at a time and a new one replaces the one shown (docs/requirements.md#notifications): a success notice can be
// replaced within milliseconds by a live 'on sale' notice, so polling the bar may never see it. Specs read notices
// from a record the page keeps: every notification bar that appears (its id and text), noted by a MutationObserver
// installed before the app's scripts run.

type NoticeRecord = { id: string; text: string; taken: boolean };
type NoticeWindow = Window & { __notices?: NoticeRecord[] };

/** In the page: starts recording notification bars (once per document). */
function startRecording(): void {
  const w = window as NoticeWindow;
  if (w.top !== w || w.__notices) return;
  const records: NoticeRecord[] = [];
  w.__notices = records;
  const note = () => {
    const bar = document.querySelector<HTMLElement>('.notification-bar');
    const id = bar?.dataset.notificationId;
    const text = bar?.querySelector('.notification-text')?.textContent ?? '';
    if (bar && id && !records.some((record) => record.id === id)) records.push({ id, text, taken: false });
  };
  const observe = () => new MutationObserver(note).observe(document.documentElement, { childList: true, subtree: true });
  if (document.documentElement) observe();
  else document.addEventListener('DOMContentLoaded', observe, { once: true });
}

/** Records the page's notices from its next navigation on (and in the current document, if any). */
export async function recordNotices(page: Page): Promise<void> {
  await page.addInitScript(startRecording);
  await page.evaluate(startRecording).catch(() => undefined); // no document yet (before the first goto)
}

export const notice = (page: Page) => page.locator('.notification-bar');

/**
 * Waits until a notification with `text` has been shown (since the last one taken with this text), takes it, and
 * closes it if it is still the one shown.
 */
export async function expectNotice(page: Page, text: string, timeout = 20_000): Promise<void> {
  await page.evaluate(startRecording);
  await expect
    .poll(
      () =>
        page.evaluate((wanted) => {
          const records = (window as NoticeWindow).__notices ?? [];
          const found = records.find((record) => !record.taken && record.text === wanted);
          if (!found) return records.filter((record) => !record.taken).map((record) => record.text).join(' | ') || '(none)';
          found.taken = true;
          const bar = document.querySelector<HTMLElement>('.notification-bar');
          if (bar?.dataset.notificationId === found.id) (bar.querySelector('.notification-close') as HTMLButtonElement | null)?.click();
          return wanted;
        }, text),
      { message: `notice '${text}'`, timeout, intervals: [50, 100, 250] },
    )
    .toBe(text);
}
