#!/usr/bin/env bash
# `npm test`: every layer. The cheap checks first (type check, lint and the app build at once), then the unit to
# contract tests (vitest) and the end-to-end suite (Playwright against the demo stack) at once: on these 2-core
# machines either alone leaves a core idle much of the time (the e2e suite waits on the browser and the chain).
# Each parallel stage's output is kept in test-reports/<stage>.log; the e2e log is printed after vitest's.
# Exits non-zero if any stage fails (the parallel ones all finish first, so one run reports every failure).
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
rm -rf test-reports && mkdir -p test-reports

# Runs "$@" in the background with its output in test-reports/$1.log; `finish` waits for them all.
pids=()
names=()
start() {
  local name=$1
  shift
  "$@" > "test-reports/$name.log" 2>&1 &
  pids+=($!)
  names+=("$name")
}
# Exit statuses of background stages already waited for (by `wait -n` below), by pid.
declare -A reaped=()
finish() {
  local failed=0 i status
  for i in "${!pids[@]}"; do
    if [ -n "${reaped[${pids[$i]}]:-}" ]; then status=${reaped[${pids[$i]}]}; else status=0; wait "${pids[$i]}" || status=$?; fi
    if [ "$status" -ne 0 ]; then
      echo "== ${names[$i]} FAILED (test-reports/${names[$i]}.log):"
      cat "test-reports/${names[$i]}.log"
      failed=1
    fi
  done
  pids=()
  names=()
  return $failed
}

echo "== contracts: compile (cached by source hash)"
npx tsx scripts/compile.ts
echo "== type check, lint and build the app (at once)"
start tsc npx tsc -p tsconfig.json --noEmit
start eslint npx eslint .
start build npx vite build
finish
echo "== first-load script of every route against its budget (gzip bytes of the build: scripts/bundle-size.ts)"
npx tsx scripts/bundle-size.ts dist --check

echo "== end-to-end, first half (Playwright, Debian Chromium, against the demo stack) in the background: test-reports/e2e.log"
start e2e npx playwright test --project=e2e --project=flaky --project=alone
echo "== unit, model-based, component, server and contract tests (PGlite and PostgreSQL)"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-reports/vitest.json &
vitest_pid=$!
vitest_status=
# As soon as a core is free (vitest or the first half done, whichever comes first) the suite's second half (project
# e2e-b) runs on a second demo stack: ports, chain, data folder, deployments and results of its own.
first_done=
first_status=0
wait -n -p first_done "$vitest_pid" "${pids[0]}" || first_status=$?
if [ "$first_done" = "$vitest_pid" ]; then vitest_status=$first_status; else reaped[${pids[0]}]=$first_status; fi
echo "== end-to-end, second half, on a second demo stack in the background: test-reports/e2e-b.log"
start e2e-b env E2E_PORT=8888 E2E_CHAIN_PORT=8646 E2E_DATA_DIR=.data-e2e-b E2E_DEPLOYMENTS_FILE=contracts/deployments/e2e-b-31337.json \
  E2E_OUTPUT_DIR=test-results-b E2E_REPORT=test-reports/playwright-b.json npx playwright test --project=e2e-b
if [ -z "$vitest_status" ]; then
  vitest_status=0
  wait "$vitest_pid" || vitest_status=$?
fi
echo "== waiting for the end-to-end suite"
e2e_status=0
finish || e2e_status=1
if [ $e2e_status -eq 0 ]; then
  echo "== end-to-end (test-reports/e2e.log, test-reports/e2e-b.log):"
  cat test-reports/e2e.log test-reports/e2e-b.log
fi
npx tsx scripts/test-summary.ts
[ $vitest_status -eq 0 ] && [ $e2e_status -eq 0 ]
