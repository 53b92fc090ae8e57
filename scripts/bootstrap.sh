#!/usr/bin/env bash
# Installs everything Postroom needs on a fresh Debian machine: system packages (Chromium for
# PDFs, poppler-utils for PDF text checks), npm dependencies, and the compiled CLI.
# Safe to run again: each step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v chromium >/dev/null 2>&1 || [ -x "${POSTROOM_CHROMIUM_PATH:-/nonexistent}" ] || need_apt+=(chromium)
command -v pdftotext >/dev/null 2>&1 || need_apt+=(poppler-utils)
fc-list 2>/dev/null | grep -qi 'dejavu\|liberation' || need_apt+=(fonts-dejavu-core fonts-liberation)
# `--tests` (scripts/test.sh): the S3 blob store's tests run a real S3 server, Ceph's RADOS
# Gateway on a one-OSD in-memory cluster (test/helpers/radosgw.ts); a server never needs it.
if [ "${1:-}" = --tests ] && ! command -v radosgw >/dev/null 2>&1; then
  need_apt+=(radosgw ceph-mon ceph-osd)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "bootstrap: installing system packages: ${need_apt[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  # Another apt run (unattended upgrades, a second bootstrap) may hold dpkg's lock: wait for it.
  apt=(apt-get -o DPkg::Lock::Timeout=300)
  $SUDO "${apt[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO "${apt[@]}" install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "bootstrap: installing npm dependencies"
  # `npm install`, not `npm ci`: the registry mirror lacks some other platforms' optional
  # binaries (e.g. Biome's for macOS/Windows), which `npm ci` refuses and `npm install` skips.
  npm install --no-audit --no-fund --loglevel=error
else
  npm run --silent build
fi
