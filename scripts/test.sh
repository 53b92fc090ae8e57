#!/usr/bin/env bash
# The whole test suite: installs what is missing, type-checks, lints, then runs every test
# against real PostgreSQL (DATABASE_URL, else 127.0.0.1:5432 when it answers, else embedded).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh --tests
npx tsc --noEmit -p tsconfig.json
npx biome check .
# The slowest files first (scripts/slow-tests.txt, measured), so that none starts last and runs
# alone at the end; then the rest in name order.
files=()
while read -r f; do [ -f "$f" ] && files+=("$f"); done < <(grep -v '^#' scripts/slow-tests.txt)
while read -r f; do [[ " ${files[*]} " == *" $f "* ]] || files+=("$f"); done < <(find test -name '*.test.ts' | sort)
# Four files at a time: a file spends most of its time waiting (on renders, expiring jobs,
# restarted servers), and on a machine shared with other work more processes also get more of
# its CPU (docs/testing.md, "How long the suite takes"). --test-timeout also bounds each whole
# file (one process each): the fault tests in test/faults start real servers, workers and
# PostgreSQL clusters and take minutes on a loaded machine.
exec node --import tsx --test --test-concurrency="${TEST_CONCURRENCY:-4}" --test-timeout=600000 "${files[@]}"
