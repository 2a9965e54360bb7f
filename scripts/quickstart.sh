#!/usr/bin/env bash
# Installs, builds, and starts the embedded API (which migrates and loads the demo data on first run) and the console.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
npm run build
exec node --import tsx scripts/start.ts
