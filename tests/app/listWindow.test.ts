import { describe, expect, it } from 'vitest';
import { OVERSCAN_ROWS, windowRange } from '../../src/components/tokens/listWindow';

// The window of a long card grid (the phone-performance work): the rows on screen and OVERSCAN_ROWS either side; the rest is space.
describe('windowRange', () => {
  const grid = { count: 1000, columns: 4, pitch: 300, listTop: 200, viewportHeight: 900 };

  it('at the top: the first rows and the overscan below; the rows further down stand as space', () => {
    const range = windowRange({ ...grid, viewportTop: 0 });
    // The screen shows rows 0–2 (the list starts 200 px down), then two more.
    expect(range).toEqual({ start: 0, end: (3 + OVERSCAN_ROWS) * 4, padTop: 0, padBottom: (250 - 5) * 300 });
  });

  it('halfway: whole rows around the screen, the space above and below adding up to the rows not rendered', () => {
    const range = windowRange({ ...grid, viewportTop: 30_200 });
    expect(range).toEqual({ start: 98 * 4, end: 105 * 4, padTop: 98 * 300, padBottom: (250 - 105) * 300 });
    expect(range.padTop + ((range.end - range.start) / 4) * 300 + range.padBottom).toBe(250 * 300);
  });

  it('at the end: the last row, short of a full row, ends the window', () => {
    const range = windowRange({ ...grid, count: 998, viewportTop: 250 * 300 + 200 - 900 });
    expect(range.end).toBe(998);
    expect(range.padBottom).toBe(0);
    expect(range.start).toBe((250 - 3 - OVERSCAN_ROWS) * 4);
  });

  it('one item per row: a plain list is windowed the same way', () => {
    expect(windowRange({ count: 200, columns: 1, pitch: 100, listTop: 0, viewportTop: 5_000, viewportHeight: 500 })).toEqual({
      start: 48,
      end: 57,
      padTop: 4_800,
      padBottom: 143 * 100,
    });
  });
});
