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
if (existsSync('test-reports/playwright.json')) {
  const p = JSON.parse(readFileSync('test-reports/playwright.json', 'utf8'));
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
