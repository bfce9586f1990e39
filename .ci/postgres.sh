#!/usr/bin/env bash
# A throwaway PostgreSQL server (Debian's package) on 127.0.0.1 for the server suite.
#   .ci/postgres.sh start DIR   → prints the DATABASE_URL
#   .ci/postgres.sh stop DIR
set -euo pipefail
cmd=$1
dir=$2
port=${PGPORT:-54329}

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

if [ "$cmd" = start ]; then
  if [ -z "$(pg_bin)" ]; then
    if [ "$(id -u)" != 0 ]; then echo "PostgreSQL is missing: run 'sudo apt-get install -y postgresql'" >&2; exit 1; fi
    # Waits for another install's lock (up to 10 minutes) instead of failing the run.
    apt-get -o DPkg::Lock::Timeout=600 update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq postgresql >&2
  fi
  bin=$(pg_bin)
  mkdir -p "$dir"
  # The server refuses to run as root, so the cluster belongs to the postgres user when we are root.
  run=(bash -c)
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir"; run=(su postgres -s /bin/bash -c); fi
  "${run[@]}" "$bin/initdb -D '$dir/data' -U postgres --auth=trust -E UTF8 >/dev/null"
  "${run[@]}" "$bin/pg_ctl -D '$dir/data' -o \"-h 127.0.0.1 -p $port -k '$dir'\" -l '$dir/server.log' -w start >/dev/null"
  echo "postgres://postgres@127.0.0.1:$port/postgres"
elif [ "$cmd" = stop ]; then
  bin=$(pg_bin)
  run=(bash -c)
  if [ "$(id -u)" = 0 ]; then run=(su postgres -s /bin/bash -c); fi
  "${run[@]}" "$bin/pg_ctl -D '$dir/data' -m fast -w stop >/dev/null" || true
  rm -rf "$dir"
fi
