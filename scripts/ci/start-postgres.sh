#!/usr/bin/env bash
# Starts a throwaway PostgreSQL on loopback (port 5433) for the database tests and prints its URL.
# Needs Debian's postgresql package; run as root (it runs the server as the postgres user).
set -euo pipefail
PORT="${PGPORT_TEST:-5433}"
PGDATA="${PGDATA_TEST:-/tmp/wenyang-pg}"
PGBIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [[ -z "$PGBIN" ]]; then
  echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2
  exit 1
fi
as_pg() { if [[ "$(id -u)" == 0 ]]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
if ! "$PGBIN/pg_isready" -q -h 127.0.0.1 -p "$PORT"; then
  rm -rf "$PGDATA"
  mkdir -p "$PGDATA"
  [[ "$(id -u)" == 0 ]] && chown postgres:postgres "$PGDATA"
  as_pg "'$PGBIN/initdb' -D '$PGDATA' -A trust -U postgres --encoding=UTF8 --no-locale" >/dev/null
  as_pg "'$PGBIN/pg_ctl' -D '$PGDATA' -l '$PGDATA/server.log' -w -o \"-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off\" start" >/dev/null
fi
as_pg "'$PGBIN/psql' -h 127.0.0.1 -p $PORT -U postgres -tAc \"select 1 from pg_database where datname='wenyang_test'\"" | grep -q 1 \
  || as_pg "'$PGBIN/createdb' -h 127.0.0.1 -p $PORT -U postgres wenyang_test"
echo "postgres://postgres@127.0.0.1:$PORT/wenyang_test"
