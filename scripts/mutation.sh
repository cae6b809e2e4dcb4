#!/usr/bin/env bash
# Mutation testing (Stryker) of the arithmetic and ledger core: the shared exact arithmetic, then
# the API's stock ledger and debt allocation. Fails when a score is under 85 %. Not part of
# npm test. Extra arguments go to both runs (e.g. --incremental to reuse the previous results).
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
npx stryker run scripts/mutation/shared.config.mjs "$@" || status=1
npx stryker run scripts/mutation/api.config.mjs "$@" || status=1
echo "Rapports : reports/mutation/shared/index.html, reports/mutation/api/index.html"
exit $status
