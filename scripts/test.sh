#!/usr/bin/env bash
# The whole test suite: installs what is missing, then type-checks and lints while every test
# runs against real PostgreSQL (DATABASE_URL, else 127.0.0.1:5432 when it answers, else
# embedded). It fails if a test, the type check or the lint fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh --tests
# The suite runs compiled (test-build/, scripts/build-tests.ts): no tsx loader in its processes.
node --import tsx scripts/build-tests.ts
# tsc (~30 s of CPU) and Biome beside the tests, at a lower priority, so they take the CPU the
# tests leave idle (waiting on Chromium, PostgreSQL, timers) rather than the tests' own.
checks_log=$(mktemp)
trap 'rm -f "$checks_log"' EXIT
(nice -n 10 npx tsc --noEmit -p tsconfig.json && nice -n 10 npx biome check .) >"$checks_log" 2>&1 &
checks=$!
# The slowest files first (scripts/run-tests.ts), TEST_CONCURRENCY at a time (default 3: the
# files wait on Chromium, PostgreSQL and timers enough that a third beats two on 2 cores; test
# servers' pools are small enough for three on a shared 100-connection PostgreSQL, docs/testing.md,
# "How long the suite takes"). --test-timeout bounds each test: the fault tests in test/faults
# start real servers, workers and PostgreSQL clusters and take minutes on a loaded machine.
status=0
node --test-timeout=600000 test-build/scripts/run-tests.js "$@" || status=$?
if wait "$checks"; then
  echo "test.sh: tsc --noEmit and biome check: clean"
else
  cat "$checks_log"
  echo "test.sh: tsc --noEmit or biome check failed (above)"
  status=1
fi
exit "$status"
