#!/usr/bin/env bash
# Installs, builds, and starts the embedded API (which migrates and loads the demo data on first run) and the console.
set -euo pipefail
cd "$(dirname "$0")/.."
# Exactly the locked packages (rollup is pinned in package.json "overrides" to a release whose platform packages are
# all published, so the lock carries every platform's optional package and `npm ci` accepts it on Linux x64 and arm64).
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npm run build
# The local demo: the WeChat applicant login runs against the API's stand-in (off unless asked for: it lets anyone
# claim any phone). SMS codes go to data/sms-outbox.log (the local SMS provider).
export WECHAT_PROVIDER="${WECHAT_PROVIDER:-sandbox}"
exec node build/server/start.mjs
