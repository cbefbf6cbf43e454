import { describe, expect, it } from 'vitest';
import { roundForPeople, tableRows } from '../../scripts/bench/common';

// The bench's printed table rounds for people; the rows themselves (bench-results.json) keep full precision.
describe('bench table', () => {
  it('ratios and scores print to two decimals, layout shift (no unit) to three, other units to one', () => {
    expect(roundForPeople(0.3456, 'score')).toBe(0.35);
    expect(roundForPeople(0.0154, '')).toBe(0.015);
    expect(roundForPeople(0.123456, 'ratio')).toBe(0.12);
    expect(roundForPeople(1.005 + 1e-9, 'ratio')).toBe(1.01);
    expect(roundForPeople(0.1 + 0.2, 'ratio')).toBe(0.3);
    expect(roundForPeople(123.456, 'ms')).toBe(123.5);
    expect(roundForPeople(2048.04, 'KB')).toBe(2048);
  });

  it('rounds the printed copy only, and always has a target column', () => {
    const rows = [
      { metric: '/ FCP repeat online / first', value: 0.8333333333333334, unit: 'ratio' },
      { metric: 'p50', value: 41.26, unit: 'ms', target: '≤ 300' },
    ];
    expect(tableRows(rows)).toEqual([
      { metric: '/ FCP repeat online / first', value: 0.83, unit: 'ratio', target: '' },
      { metric: 'p50', value: 41.3, unit: 'ms', target: '≤ 300' },
    ]);
    expect(rows[0]!.value).toBe(0.8333333333333334);
  });
});
