#!/usr/bin/env bash
# The API tests read the PDFs they receive (receipts, customer statements) with pdftotext, from
# Debian's poppler-utils: installed here when missing, as ensure-chromium.sh does for Chromium.
set -euo pipefail
if command -v pdftotext >/dev/null 2>&1; then exit 0; fi
echo "pdftotext absent : installation du paquet Debian poppler-utils…"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq poppler-utils >/dev/null
pdftotext -v 2>&1 | head -1
