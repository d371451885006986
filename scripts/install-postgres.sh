#!/usr/bin/env bash
# Installs a PostgreSQL server for the test suite (test/support/postgres.ts runs it from the machine's binaries)
# only when none is present. CI runs as root on Debian; elsewhere sudo is used.
set -euo pipefail

has_server_binaries() {
  local dir
  if command -v pg_config >/dev/null 2>&1; then
    dir="$(pg_config --bindir)"
    [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && return 0
  fi
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && return 0
  done
  return 1
}

if has_server_binaries; then
  echo "install-postgres: PostgreSQL server binaries already present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-postgres: installing postgresql with apt-get"
$SUDO apt-get update
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql
has_server_binaries || { echo "install-postgres: postgresql installed but no initdb/pg_ctl found" >&2; exit 1; }
