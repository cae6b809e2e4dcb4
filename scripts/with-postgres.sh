#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server: TEST_DATABASE_URL points at it.
# Uses the server Debian installs (installing it with apt-get when it is missing), started as the
# `postgres` user in a temporary folder on a free port, and stopped afterwards whatever happens.
set -euo pipefail

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
BIN=$(find_bin || true)
if [ -z "$BIN" ] || [ ! -x "$BIN/postgres" ]; then
  echo "PostgreSQL absent : installation du paquet Debian postgresql…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
  BIN=$(find_bin)
fi

PORT=${PGTEST_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}
DIR=$(mktemp -d /tmp/comptoir-pg.XXXXXX)
RUN=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$DIR"
  RUN=(runuser -u postgres --)
fi

cleanup() {
  "${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT

"${RUN[@]}" "$BIN/initdb" -D "$DIR/data" -U comptoir --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
# Tests trade durability for speed (a throwaway database); PG_DURABLE=1 keeps PostgreSQL's durable
# defaults (fsync, synchronous_commit, full_page_writes on), as a shop runs it: the bench uses it.
SETTINGS="-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=200"
if [ "${PG_DURABLE:-0}" != "1" ]; then
  SETTINGS="$SETTINGS -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
fi
"${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -o "$SETTINGS" start >/dev/null

export TEST_DATABASE_URL="postgres://comptoir@127.0.0.1:$PORT/postgres"
echo "PostgreSQL de test prêt sur le port $PORT$([ "${PG_DURABLE:-0}" = "1" ] && echo ' (réglages durables)')"
"$@"
