#!/bin/sh
# The official image's start, reduced to what docker-compose.yml uses: on an empty data directory,
# initdb with POSTGRES_USER and POSTGRES_PASSWORD and create POSTGRES_DB; then run as postgres,
# listening on every address of the container (only its network reaches it).
set -eu
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }

mkdir -p "$PGDATA" /run/postgresql
chown -R postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s\n' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" > "$pwfile"
  chown postgres "$pwfile"
  as_postgres initdb --username="$POSTGRES_USER" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    as_postgres postgres --single -D "$PGDATA" postgres <<SQL >/dev/null
CREATE DATABASE "$POSTGRES_DB" OWNER "$POSTGRES_USER";
SQL
  fi
fi
if [ "${1:-}" = postgres ]; then
  shift
  exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -c listen_addresses='*' "$@"
fi
exec "$@"
