import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe's WCAG 2 A/AA violations inside `selector`, in the light and the dark theme (evaluated, not fetched: works offline under the CSP). */
export async function axeViolations(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(readFileSync(AXE_SOURCE, 'utf8'));
  const found: string[] = [];
  for (const theme of ['light', 'dark']) {
    const ids = await page.evaluate(
      async ({ selector, theme }) => {
        document.documentElement.dataset.theme = theme;
        const axe = (window as unknown as { axe: { run(context: Element, options: object): Promise<{ violations: Array<{ id: string }> }> } }).axe;
        const result = await axe.run(document.querySelector(selector)!, { runOnly: ['wcag2a', 'wcag2aa'] });
        return result.violations.map((violation) => violation.id);
      },
      { selector, theme },
    );
    found.push(...ids.map((id) => `${theme}: ${id}`));
  }
  return found;
}
