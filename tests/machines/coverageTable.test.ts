import { describe, expect, it } from 'vitest';
import { coverageTable } from './support/coverageTable';
import type { CoverageFile } from './support/modelCoverage';

// The gate the machines project's global teardown applies to what the model-based paths reached.
const record = (reachedTransitions: string[]): CoverageFile => ({
  file: 'tests/machines/door.model.test.ts',
  machines: {
    door: {
      totals: { states: ['door.open', 'door.shut'], transitions: ['door.open close', 'door.shut open', 'door.shut knock'], events: ['close', 'knock', 'open'] },
      reached: { states: ['door.open', 'door.shut'], transitions: reachedTransitions, events: ['close', 'knock', 'open'] },
    },
  },
});
const knock = { name: 'self-loop', reason: 'knocking changes nothing', transitions: ['door.shut knock'] };

describe('machine coverage table', () => {
  it('default: 100% everywhere needs no exception', () => {
    const { text, problems } = coverageTable([record(['door.open close', 'door.shut open', 'door.shut knock'])], [], true, {}, {});
    expect(problems).toEqual([]);
    expect(text).toMatch(/door\s+2\/2 100%\s+3\/3 100%\s+3\/3 100%/);
  });

  it('behavior: a transition not reached fails the run unless an exception names it, and the table shows the exception', () => {
    expect(coverageTable([record(['door.open close', 'door.shut open'])], [], true, {}, {}).problems).toEqual([
      'door: transition "door.shut knock" is not reached and no exception names it',
    ]);
    const { text, problems } = coverageTable([record(['door.open close', 'door.shut open'])], [], true, { door: [knock] }, {});
    expect(problems).toEqual([]);
    expect(text).toMatch(/door\s+2\/2 100%\s+2\/3 66%\*\s+3\/3 100%\s+self-loop/);
    expect(text).toContain('door: self-loop (transition door.shut knock): knocking changes nothing');
  });

  it('behavior: on a full run an exception for something reached, or that the machine lacks, fails it', () => {
    const all = record(['door.open close', 'door.shut open', 'door.shut knock']);
    const stale = { ...knock, transitions: ['door.shut knock', 'door.shut ring'] };
    expect(coverageTable([all], [], true, { door: [stale] }, {}).problems).toEqual([
      'door: an exception names transition "door.shut knock", which the paths now reach: remove it',
      'door: an exception names transition "door.shut ring", which the machine does not have',
    ]);
    expect(coverageTable([all], [], false, { door: [stale] }, {}).problems).toEqual([]);
  });

  it('behavior: the union of the files that test a machine counts, and a documented machine no suite reaches is named', () => {
    const { problems } = coverageTable([record(['door.open close']), record(['door.shut open', 'door.shut knock'])], ['door', 'window', 'gate'], true, {}, { gate: 'door' });
    expect(problems).toEqual(['window: no model-based suite reaches it and no exception says why']);
  });
});
