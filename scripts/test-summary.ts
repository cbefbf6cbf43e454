// Prints one closing line over every runner's results: 'tests: N passed, N failed'.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;

if (existsSync('test-reports/vitest.json')) {
  const v = JSON.parse(readFileSync('test-reports/vitest.json', 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
}
// The end-to-end suite's two halves (scripts/test.sh runs the second on a stack of its own).
for (const report of ['test-reports/playwright.json', 'test-reports/playwright-b.json']) {
  if (!existsSync(report)) continue;
  const p = JSON.parse(readFileSync(report, 'utf8'));
  passed += p.stats.expected + p.stats.flaky;
  failed += p.stats.unexpected;
  skipped += p.stats.skipped;
}
if (passed + failed === 0) {
  console.error('No test results found');
  process.exit(1);
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
