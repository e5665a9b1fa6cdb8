#!/usr/bin/env bash
# Starts a local PostgreSQL for the server's test suite (Debian's package, as ../shared/STACK.md says):
# a cluster in .pg/ (gitignored), listening on 127.0.0.1:5433, superuser "app" with trust auth, and a
# database "keyframe_test". Installs postgresql with apt-get if it is missing. Safe to run again.
# Prints the URL on stdout (everything else goes to stderr), so:
#   export TEST_DATABASE_URL=$(bash scripts/postgres.sh) && npx vitest run frame-app/
# `bash scripts/postgres.sh stop` stops the cluster.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${KEYFRAME_PG_PORT:-5433}
DIR=${KEYFRAME_PG_DIR:-$PWD/.pg}
URL="postgres://app@127.0.0.1:$PORT/keyframe_test"
log() { echo "postgres.sh: $*" >&2; }

if [ "$(id -u)" = 0 ]; then SUDO=; AS_PG=(runuser -u postgres --); else SUDO=sudo; AS_PG=(); fi

pgbin() {
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then pg_config --bindir; return; fi
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$found" ] && [ -x "$found/initdb" ] && echo "$found"
}

PGBIN=$(pgbin || true)
if [ -z "$PGBIN" ]; then
  log "installing Debian's postgresql (apt-get)"
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >&2
  PGBIN=$(pgbin)
fi

# The server runs as "postgres": a checkout it cannot enter (a mktemp -d clone is 0700) gets its cluster in /tmp.
if [ -z "${KEYFRAME_PG_DIR:-}" ] && [ "$(id -u)" = 0 ] && ! runuser -u postgres -- test -x "$PWD"; then
  DIR=/tmp/keyframe-pg-$(printf %s "$PWD" | md5sum | cut -c1-8)
fi

if [ "${1:-}" = stop ]; then
  [ -f "$DIR/data/postmaster.pid" ] && "${AS_PG[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -m fast stop >&2 || true
  exit 0
fi

mkdir -p "$DIR"
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
if [ ! -f "$DIR/data/PG_VERSION" ]; then
  log "initdb in $DIR/data"
  "${AS_PG[@]}" "$PGBIN/initdb" -D "$DIR/data" -U app --auth=trust -E UTF8 --no-locale >&2
fi
if ! "${AS_PG[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
  log "starting on 127.0.0.1:$PORT"
  "${AS_PG[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
    -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=200" start >&2
fi

PSQL=("$PGBIN/psql" -h 127.0.0.1 -p "$PORT" -U app -d postgres -v ON_ERROR_STOP=1 -tAq)
if [ "$("${PSQL[@]}" -c "select 1 from pg_database where datname = 'keyframe_test'")" != 1 ]; then
  "${PSQL[@]}" -c 'create database keyframe_test' >&2
fi
echo "$URL"
