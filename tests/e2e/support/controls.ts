import { expect, type Locator } from '@playwright/test';

/**
 * The control is drawn as the app's inputs in the light and the dark theme: rounded (8 px), the theme's text colour on
 * the theme's background, a border of the theme's muted text (visible against the page), and a solid focus ring
 * when focused from the keyboard.
 */
export async function expectAppControl(control: Locator, name: string): Promise<void> {
  const page = control.page();
  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
    const look = await control.evaluate((element) => {
      const style = getComputedStyle(element);
      const themeColor = (variable: string) => {
        const probe = document.createElement('span');
        probe.style.color = `var(${variable})`;
        document.body.append(probe);
        const color = getComputedStyle(probe).color;
        probe.remove();
        return color;
      };
      return {
        radius: style.borderTopLeftRadius,
        color: style.color,
        background: style.backgroundColor,
        border: `${style.borderTopStyle} ${style.borderTopColor}`,
        expected: { color: getComputedStyle(document.body).color, background: themeColor('--color-bg'), border: `solid ${themeColor('--color-text-muted')}` },
      };
    });
    const where = `${name} in the ${theme} theme`;
    expect(look.radius, where).toBe('8px');
    expect(look.color, where).toBe(look.expected.color);
    expect(look.background, where).toBe(look.expected.background);
    expect(look.border, where).toBe(look.expected.border);
  }
  await page.evaluate(() => delete document.documentElement.dataset.theme);
}

/** Focused from the keyboard (Tab from the element before it), the control shows a solid ring. */
export async function expectFocusRing(control: Locator, name: string): Promise<void> {
  await control.evaluate((element) => {
    // The element just before it in tab order: a focusable placeholder put in front, removed once Tab left it.
    const before = document.createElement('span');
    before.tabIndex = 0;
    before.dataset.e2eFocusProbe = '';
    element.before(before);
    before.focus();
    before.addEventListener('blur', () => before.remove(), { once: true });
  });
  await control.page().keyboard.press('Tab');
  await expect(control, `${name} takes the focus`).toBeFocused();
  expect(await control.evaluate((element) => element.matches(':focus-visible')), `${name} is focus-visible`).toBe(true);
  await expect(control, `${name} shows a focus ring`).toHaveCSS('outline-style', 'solid');
}
