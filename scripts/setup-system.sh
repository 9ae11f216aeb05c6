#!/usr/bin/env bash
# Installs the Debian packages the project needs, only those missing (make setup, .ci/run).
set -euo pipefail
need=()
# Each line: a command to look for, then the Debian package that brings it.
while read -r cmd pkg; do
  [ -z "$cmd" ] && continue
  command -v "$cmd" >/dev/null 2>&1 || need+=("$pkg")
done <<'LIST'
pg_ctlcluster postgresql
chromium chromium
LIST
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
