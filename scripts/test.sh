#!/usr/bin/env bash
# Runs every test: lint, typecheck, unit (all packages), e2e and conformance in headless Chromium, and the
# cross-engine e2e (e2e/engines: Firefox ESR, WebKitGTK), counted with the other e2e results.
# Ends with one line "N passed, N failed" over all suites.
set -uo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1
bash scripts/setup.sh || { echo "0 passed, 1 failed"; exit 1; }

out=.tmp/test
rm -rf "$out" && mkdir -p "$out"
passed=0
failed=0
step() { # name, command…: a check that counts as one test
  local name=$1; shift
  echo "── $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "✗ $name failed"; fi
}

# A real PostgreSQL server for the frame server's suite (it also runs on PGlite, the embedded default).
if url=$(bash scripts/postgres.sh); then export TEST_DATABASE_URL=$url; else failed=$((failed + 1)); echo "✗ postgres failed to start"; fi

step lint npx biome check .
step typecheck npx turbo run typecheck --output-logs=errors-only

echo "── unit"
npx vitest run --reporter=default --reporter=json --outputFile.json="$out/unit.json"
unit_rc=$?
echo "── e2e"
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$out/e2e.json" npm run -s -w e2e test -- --reporter=list,json
e2e_rc=$?
echo "── conformance (against the local frame)"
node --import tsx e2e/conformance/cli.ts --local | tee "$out/conformance.txt"
conf_rc=${PIPESTATUS[0]}

counts=$(node scripts/count-results.mjs "$out")
read -r p f <<<"$counts"
passed=$((passed + p))
failed=$((failed + f))
for rc in $unit_rc $e2e_rc $conf_rc; do [ "$rc" = 0 ] || [ "$f" != 0 ] || failed=$((failed + 1)); done
echo "$passed passed, $failed failed"
bash scripts/postgres.sh stop >/dev/null 2>&1 || true
[ "$failed" = 0 ]
