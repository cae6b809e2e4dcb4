#!/usr/bin/env bash
# First command of the README: installs, builds and starts Comptoir on SQLite with demo data
# at http://localhost:8080 (PORT to change it). Demo data is loaded only into an empty database.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npm run --silent build
DEMO_DATA=1 exec node apps/api/dist/main.js
