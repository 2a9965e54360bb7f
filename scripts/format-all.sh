#!/usr/bin/env bash
# Formats the whole tree once: Prettier (.prettierrc.json, .prettierignore), then ESLint's safe fixes.
# Run it when nobody else is editing (it rewrites many files), review `git diff --stat`, run `npm run lint`, commit.
set -euo pipefail
cd "$(dirname "$0")/.."
npx prettier --write . --log-level warn
npx eslint --fix .
echo "formatted; now: npm run lint && npx tsc --noEmit"
