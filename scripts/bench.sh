#!/usr/bin/env bash
# npm run bench: builds if needed, then measures on SQLite and on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f apps/api/dist/main.js ] && [ -f apps/web/dist/index.html ] || npm run --silent build
bash scripts/ensure-chromium.sh
node bench/run.mjs
PG_DURABLE=1 bash scripts/with-postgres.sh node bench/run.mjs
