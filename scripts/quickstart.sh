#!/usr/bin/env bash
# Installs, builds, and starts the embedded API (which migrates and loads the demo data on first run) and the console.
set -euo pipefail
cd "$(dirname "$0")/.."
# npm install honours package-lock.json; `npm ci` of npm 11 rejects its own lock (rollup optional packages).
npm install --no-audit --no-fund
npm run build
# The local demo: the WeChat applicant login runs against the API's stand-in (off unless asked for: it lets anyone
# claim any phone). SMS codes go to data/sms-outbox.log (the local SMS provider).
export WECHAT_PROVIDER="${WECHAT_PROVIDER:-sandbox}"
exec node --import tsx scripts/start.ts
