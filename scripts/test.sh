#!/usr/bin/env bash
# The whole test suite: installs what is missing, type-checks, lints, then runs every test
# against real PostgreSQL (DATABASE_URL, else 127.0.0.1:5432 when it answers, else embedded).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh --tests
npx tsc --noEmit -p tsconfig.json
npx biome check .
# The suite runs compiled (test-build/, scripts/build-tests.ts): no tsx loader in its processes.
node --import tsx scripts/build-tests.ts
# The slowest files first (scripts/run-tests.ts), TEST_CONCURRENCY at a time (default 2: four
# ran out of the shared PostgreSQL's 100 connections beside other suites, docs/testing.md,
# "How long the suite takes"). --test-timeout bounds each test: the fault tests in test/faults
# start real servers, workers and PostgreSQL clusters and take minutes on a loaded machine.
exec node --test-timeout=600000 test-build/scripts/run-tests.js "$@"
