import { COVERAGE_EXCEPTIONS, COVERED_AS, type CoverageException } from './coverageExceptions';
import type { CoverageFile, MachineReach } from './modelCoverage';

// The machine coverage table: per machine, the states, transitions and events the model-based paths reached out of
// the machine's totals, with the named exceptions for what they do not reach. `problems` lists what fails the run:
// a missing item no exception names, and (on a full run) an exception that names something reached or unknown.

const COLUMNS = ['states', 'transitions', 'events'] as const;
type Column = (typeof COLUMNS)[number];

function merge(records: CoverageFile[]): Map<string, { reached: MachineReach; totals: MachineReach; files: string[] }> {
  const machines = new Map<string, { reached: Record<Column, Set<string>>; totals: MachineReach; files: string[] }>();
  for (const record of records) {
    for (const [id, { reached, totals }] of Object.entries(record.machines)) {
      const entry = machines.get(id) ?? { reached: { states: new Set(), transitions: new Set(), events: new Set() }, totals, files: [] };
      for (const column of COLUMNS) for (const item of reached[column]) entry.reached[column].add(item);
      entry.files.push(record.file);
      machines.set(id, entry);
    }
  }
  return new Map(
    [...machines].map(([id, entry]) => [
      id,
      {
        totals: entry.totals,
        files: entry.files,
        reached: { states: [...entry.reached.states], transitions: [...entry.reached.transitions], events: [...entry.reached.events] },
      },
    ]),
  );
}

const percent = (reached: number, total: number) => (total ? `${Math.floor((reached / total) * 100)}%` : '—');

/** The table as text, and what fails the run. `documented` adds the machines no suite reached; `full` checks staleness. */
export function coverageTable(
  records: CoverageFile[],
  documented: string[],
  full: boolean,
  exceptionsOf: Record<string, CoverageException[]> = COVERAGE_EXCEPTIONS,
  coveredAs: Record<string, string> = COVERED_AS,
): { text: string; problems: string[] } {
  const machines = merge(records);
  const covered = new Set(Object.entries(coveredAs).filter(([, id]) => machines.has(id)).map(([page]) => page));
  const ids = [...new Set([...machines.keys(), ...documented.filter((page) => !covered.has(page))])].sort();
  const problems: string[] = [];
  const rows: string[][] = [['machine', 'states', 'transitions', 'events', 'exceptions']];
  const notes: string[] = [];
  for (const id of ids) {
    const exceptions: CoverageException[] = exceptionsOf[id] ?? [];
    const coverage = machines.get(id);
    if (!coverage) {
      const whole = exceptions.find((exception) => exception.noModelSuite);
      rows.push([id, '—', '—', '—', whole ? whole.name : 'NO MODEL SUITE']);
      if (whole) notes.push(`${id}: ${whole.name}: ${whole.reason}`);
      else problems.push(`${id}: no model-based suite reaches it and no exception says why`);
      continue;
    }
    const row = [id];
    for (const column of COLUMNS) {
      const total = coverage.totals[column];
      const reached = new Set(coverage.reached[column]);
      const missing = total.filter((item) => !reached.has(item));
      const excused = new Set(exceptions.flatMap((exception) => exception[column] ?? []));
      const unexcused = missing.filter((item) => !excused.has(item));
      const count = total.length - missing.length;
      row.push(`${count}/${total.length} ${percent(count, total.length)}${missing.length && !unexcused.length ? '*' : ''}`);
      for (const item of unexcused) problems.push(`${id}: ${column.replace(/s$/, '')} "${item}" is not reached and no exception names it`);
      if (!full) continue;
      for (const item of excused) {
        if (!total.includes(item)) problems.push(`${id}: an exception names ${column.replace(/s$/, '')} "${item}", which the machine does not have`);
        else if (reached.has(item)) problems.push(`${id}: an exception names ${column.replace(/s$/, '')} "${item}", which the paths now reach: remove it`);
      }
    }
    row.push(exceptions.map((exception) => exception.name).join('; ') || '');
    rows.push(row);
    for (const exception of exceptions) {
      const items = COLUMNS.flatMap((column) => (exception[column] ?? []).map((item) => `${column.replace(/s$/, '')} ${item}`));
      notes.push(`${id}: ${exception.name} (${items.join(', ')}): ${exception.reason}`);
    }
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const lines = rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd());
  const text = [
    'Machine coverage: what the model-based paths reach, out of each machine\'s state nodes, (source, event) transitions and event types',
    '(* = below 100%, every missing item named in tests/machines/support/coverageExceptions.ts)',
    '',
    ...lines,
    ...(notes.length ? ['', 'Exceptions:', ...notes.map((note) => `  ${note}`)] : []),
    '',
  ].join('\n');
  return { text, problems };
}
