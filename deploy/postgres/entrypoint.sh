#!/bin/bash
# First start on an empty $PGDATA: a cluster whose superuser is $POSTGRES_USER (postgres) with
# $POSTGRES_PASSWORD, and a database $POSTGRES_DB (the user's name), reached from other
# containers with a password (scram-sha-256). Then PostgreSQL itself, with the arguments given
# (compose.yaml passes `-c max_connections=...`).
set -euo pipefail
user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" -U "$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\" OWNER \"$user\";" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
  echo "postgres-entrypoint: made a cluster in $PGDATA, database $db owned by $user"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
