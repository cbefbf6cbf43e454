import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { coverageTable } from './coverageTable';
import { COVERAGE_DIR, type CoverageFile } from './modelCoverage';

// The machines project's global setup: clears the coverage records before the run and, once it is over, prints the
// table of what the model-based paths reached per machine. A full run of the project fails (exit code 1) when a
// machine misses a state, transition or event that coverageExceptions.ts does not name, or when an exception names
// something the paths now reach; a partial run (some files, or -t) only prints.

const root = resolve(import.meta.dirname, '../../..');
const dir = join(root, COVERAGE_DIR);

function readRecords(): CoverageFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as CoverageFile);
}

async function isFullRun(project: TestProject): Promise<boolean> {
  if (project.vitest.config.testNamePattern) return false;
  const ran = new Set(project.vitest.state.getFiles().filter((file) => file.projectName === project.name).map((file) => file.filepath));
  const { testFiles } = await project.globTestFiles();
  return testFiles.every((file) => ran.has(file));
}

/** Machines documented in docs/machines (every machine under machines/), so one without a model-based suite shows. */
function documentedMachines(): string[] {
  const docs = join(root, 'docs/machines');
  if (!existsSync(docs)) return [];
  return readdirSync(docs)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .map((file) => file.replace(/\.md$/, ''));
}

export default function setup(project: TestProject) {
  rmSync(dir, { recursive: true, force: true });
  return async () => {
    const records = readRecords();
    if (!records.length) return;
    const full = await isFullRun(project);
    const { text, problems } = coverageTable(records, full ? documentedMachines() : [], full);
    console.log(`\n${text}`);
    if (!full) {
      console.log(`(partial run of ${relative(root, dir)}: the exceptions are checked on a full run of the machines project)\n`);
      return;
    }
    if (problems.length) {
      console.error(`\nMachine coverage below what tests/machines/support/coverageExceptions.ts allows:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
      process.exitCode = 1;
    }
  };
}
