#!/usr/bin/env bash
# Every check of Comptoir, in the order CI runs them: install, type-check, lint, unit tests,
# API tests (pdftotext, the Factur-X validators and nginx installed if missing) on SQLite and on PostgreSQL, build, browser tests. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "Installation des dépendances (npm ci)"
  npm ci --no-audit --no-fund
fi
step "Vérification des types"
npm run --silent typecheck
step "Analyse statique (ESLint)"
npm run --silent lint
step "Mise en forme (Prettier) et budget de lignes"
npx prettier --check . --log-level warn
node scripts/check-size.mjs
step "Tests unitaires (shared, règles d'import, web)"
npx vitest run --project shared --project architecture --project web
step "Outils des tests de l'API (pdftotext, validateurs Factur-X, nginx)"
bash scripts/ensure-pdftotext.sh
bash scripts/ensure-facturx-tools.sh
bash scripts/ensure-nginx.sh
step "Tests de l'API sur SQLite"
npx vitest run --project api
step "Tests de l'API sur PostgreSQL"
bash scripts/with-postgres.sh npx vitest run --project api
step "Construction (web et API)"
npm run --silent build
step "Tests dans le navigateur (Chromium)"
bash scripts/ensure-chromium.sh
npx playwright test -c apps/web/playwright.config.ts
step "Tout est vert"
