// The phone-performance work: a listing asks the wallet twice (approval, then the listing); the view says which request it is.
import { describe, expect, it } from 'vitest';
import { tradeStepOf } from '../../../machines/dashboard/dashboardTrade';

const run = (steps: number, stepIndex: number, status = 'active') => ({ status, context: { steps: Array.from({ length: steps }, () => ({})), stepIndex } });

describe('tradeStepOf', () => {
  it('names the step of a two-step run', () => {
    expect(tradeStepOf(run(2, 0))).toBe('1 of 2');
    expect(tradeStepOf(run(2, 1))).toBe('2 of 2');
  });

  it('says nothing for a single step, an ended run or none', () => {
    expect(tradeStepOf(run(1, 0))).toBeNull();
    expect(tradeStepOf(run(2, 1, 'done'))).toBeNull();
    expect(tradeStepOf(undefined)).toBeNull();
  });
});
