#!/usr/bin/env bash
# The whole test suite: installs what is missing, type-checks, lints, then runs every test
# against real PostgreSQL (DATABASE_URL, else 127.0.0.1:5432 when it answers, else embedded).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh --tests
npx tsc --noEmit -p tsconfig.json
npx biome check .
# --test-timeout also bounds each whole file (one process each): the fault tests in test/faults
# start real servers, workers and PostgreSQL clusters and take minutes on a loaded machine.
exec node --import tsx --test --test-concurrency="${TEST_CONCURRENCY:-2}" --test-timeout=600000 \
  $(find test -name '*.test.ts' | sort)
