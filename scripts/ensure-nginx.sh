#!/usr/bin/env bash
# The PostgreSQL suite runs two API instances behind the reverse-proxy configuration the README
# gives (deploy/nginx/comptoir.conf, test two-instances.proxy.test.ts): Debian's nginx is
# installed here when missing, without starting the system's own nginx service.
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then exit 0; fi
echo "nginx absent : installation du paquet Debian nginx…"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
# Debian starts a service when its package is installed, unless policy-rc.d says no (exit 101):
# the test starts its own nginx, on its own ports.
POLICY=/usr/sbin/policy-rc.d
if [ ! -e "$POLICY" ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$POLICY" >/dev/null
  $SUDO chmod +x "$POLICY"
  trap '$SUDO rm -f "$POLICY"' EXIT
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx >/dev/null
/usr/sbin/nginx -v
