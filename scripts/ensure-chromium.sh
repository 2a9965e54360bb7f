#!/usr/bin/env bash
# Playwright drives Debian's Chromium (its own browser download does not work on these machines).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "[test] Installing Debian's chromium package…"
export DEBIAN_FRONTEND=noninteractive
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
[ -x /usr/bin/chromium ]
