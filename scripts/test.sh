#!/usr/bin/env bash
# `npm test`: every layer, in order of cost. Fails on the first failing stage.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
rm -rf test-reports && mkdir -p test-reports

echo "== contracts: compile (cached by source hash)"
npx tsx scripts/compile.ts
echo "== type check"
npx tsc -p tsconfig.json --noEmit
echo "== lint"
npx eslint .
echo "== unit, model-based, component, server and contract tests (PGlite and PostgreSQL)"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-reports/vitest.json
echo "== build the app"
npx vite build
echo "== end-to-end (Playwright, Debian Chromium, against the demo stack)"
npx playwright test
npx tsx scripts/test-summary.ts
