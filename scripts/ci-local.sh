#!/usr/bin/env bash
# Runs .ci/run the way CI does: on a fresh clone of committed main, with shared/ beside it.
# Usage: bash scripts/ci-local.sh   (the clone lives in /tmp/postroom-ci)
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
rm -rf /tmp/postroom-ci && mkdir -p /tmp/postroom-ci
git clone -q "$src" /tmp/postroom-ci/main
ln -s "$(cd "$src/../shared" && pwd)" /tmp/postroom-ci/shared
cd /tmp/postroom-ci/main && CI=true bash .ci/run
