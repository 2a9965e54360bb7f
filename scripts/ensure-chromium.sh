#!/usr/bin/env bash
# Debian's Chromium (the bench's browser; its package brings the libraries every Chromium build needs), then the
# headless shell Playwright drives (tests/browser.ts; Playwright's own browser download does not work on these machines).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  echo "[test] Installing Debian's chromium package…"
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq chromium >/dev/null
  [ -x /usr/bin/chromium ]
fi
node --import tsx scripts/unpack-test-browser.ts >/dev/null
