#!/usr/bin/env bash
# Installs, builds, and starts the embedded API (which migrates and loads the demo data on first run) and the console.
set -euo pipefail
cd "$(dirname "$0")/.."
# npm install honours package-lock.json; `npm ci` of npm 11 rejects its own lock (rollup optional packages).
npm install --no-audit --no-fund
npm run build
exec node --import tsx scripts/start.ts
