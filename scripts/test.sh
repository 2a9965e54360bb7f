#!/usr/bin/env bash
# The whole test suite: type check, vitest (unit + API on SQLite), the API suites again on PostgreSQL,
# and the Playwright end-to-end tests in Chromium's headless shell (tests/browser.ts). Ends with one line "N passed, N failed".
# Two Node LTS lines: the machine's Node runs the unit suites, the PostgreSQL API lane and Playwright; Node 22 (the
# Dockerfile's line, scripts/ensure-node22.sh) runs the API suites on SQLite.
# With CI=true a missing PostgreSQL or Node 22 is a failure, not a skip.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p tests/.tmp
results=tests/.tmp/results
rm -rf "$results" && mkdir -p "$results"
failures=0
note() { printf '\n\033[1m[test] %s\033[0m\n' "$*"; }
# Which Node a run used, for its line in the summary (scripts/summarize-tests.mjs).
ran_on() { "$2" -v >"$results/$1.node"; }

# 1. Dependencies and build (a fresh clone has neither).
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  note "Installing dependencies"
  npm ci --no-audit --no-fund || exit 1
fi
note "Building the console"
npm run --silent build >/dev/null || { echo "[test] build failed"; npm run build; exit 1; }

# 2. Two lanes, one per core, that share nothing (temporary directories, random ports, one fresh PostgreSQL database
# per suite):
#   - the type check, lint, then the API suites on PostgreSQL (3.), in the background, printed whole afterwards;
#   - the vitest unit suites (each file in its own module graph: some change the environment), then the API suites
#     on embedded SQLite under Node 22.
# The API suites run in one module graph (--no-isolate: each starts its own server on its own database copy;
# importing the API once instead of per file halves their time).
lane_log="$results/lane-checks.log"
lane_status="$results/lane-checks.status"
checks_lane() {
  local f=0
  printf '\n[test] Type check\n'
  if npx tsc --noEmit; then echo "typecheck passed"; else echo "typecheck FAILED"; f=$((f+1)); fi
  printf '\n[test] Lint (ESLint, then Prettier --check)\n'
  if npm run --silent lint; then echo "lint passed"; else echo "lint FAILED (scripts/format-all.sh fixes formatting)"; f=$((f+1)); fi
  if bash scripts/ensure-postgres.sh; then
    printf '\n[test] vitest (API on PostgreSQL, Node %s)\n' "$(node -v)"
    ran_on vitest-postgres node
    TEST_DATABASE=postgres npx vitest run tests/api --no-isolate --reporter=default --reporter=json \
      --outputFile="$results/vitest-postgres.json" || f=$((f+1))
  elif [ "${CI:-}" = "true" ]; then
    printf '\n[test] PostgreSQL is not reachable on 127.0.0.1:5432 and could not be started: FAILING (CI requires it)\n'
    f=$((f+1))
  else
    printf '\n[test] SKIPPED the PostgreSQL run: no server on 127.0.0.1:5432 (start one to include it; CI requires it)\n'
  fi
  echo "$f" >"$lane_status"
}
checks_lane >"$lane_log" 2>&1 &
lane_pid=$!

note "vitest (unit, Node $(node -v))"
ran_on vitest-unit node
npx vitest run tests/unit contract --reporter=default --reporter=json --outputFile="$results/vitest-unit.json" || failures=$((failures+1))

# The API suites on SQLite under Node 22, from the same node_modules (the native modules are N-API). Its directory
# goes first on PATH so that anything the suites start as `node` runs on it too.
if node22=$(bash scripts/ensure-node22.sh); then
  :
elif [ "${CI:-}" = "true" ]; then
  note "Node 22 could not be had: FAILING (CI requires it); the API suites on SQLite run on the machine's Node instead"
  failures=$((failures+1))
  node22=$(command -v node)
else
  note "Node 22 could not be had: the API suites on SQLite run on the machine's Node $(node -v) instead (CI requires Node 22)"
  node22=$(command -v node)
fi
note "vitest (API on SQLite, Node $("$node22" -v))"
ran_on vitest-sqlite "$node22"
PATH="$(dirname "$node22"):$PATH" "$node22" node_modules/vitest/vitest.mjs run tests/api --no-isolate \
  --reporter=default --reporter=json --outputFile="$results/vitest-sqlite.json" || failures=$((failures+1))

wait "$lane_pid"
note "Type check, lint and the API suites on PostgreSQL (run beside the above)"
cat "$lane_log"
failures=$((failures + $(cat "$lane_status" 2>/dev/null || echo 1)))

# 4. Playwright end-to-end in Chromium (the config starts the API and console on test ports).
if bash scripts/ensure-chromium.sh; then
  note "Playwright (Chromium, JavaScript on and off, Node $(node -v))"
  ran_on playwright node
  PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json || failures=$((failures+1))
else
  note "Chromium could not be installed: FAILING"
  failures=$((failures+1))
fi

node scripts/summarize-tests.mjs "$results" "$failures"
