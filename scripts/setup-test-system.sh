#!/usr/bin/env bash
# Installs the Debian packages that only the tests need (make test), only those missing.
# Where apt-get cannot run (not root, or no apt-get) it says in one line what to install.
set -euo pipefail
need=()
# Each line: a command to look for, then the Debian package that brings it.
while read -r cmd pkg; do
  [ -z "$cmd" ] && continue
  command -v "$cmd" >/dev/null 2>&1 || need+=("$pkg")
done <<'LIST'
chromium chromium
pg_ctlcluster postgresql
redis-server redis-server
nginx nginx
LIST
# Arabic text in the browser tests' screenshots: the sans Arabic face the client's --font
# names (client/src/styles/tokens.css); without one, Chromium draws the Arabic UI with
# whatever covers it, or boxes.
faces=$(fc-list ':lang=ar' family 2>/dev/null || true)
[[ $faces == *"Noto Sans Arabic"* ]] || need+=(fonts-noto-ui-core)
# jemalloc, which `bolola serve` runs on where installed (src/bolola/server/allocator.py):
# the server tests check that it does.
libs=$(ldconfig -p 2>/dev/null || true)
[[ $libs == *"libjemalloc.so.2 "* ]] || need+=(libjemalloc2)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "${EUID:-$(id -u)}" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  names="${need[*]}"
  echo "bolola: install ${names// / and } (Debian: apt-get install ${need[*]}) to run the browser, PostgreSQL, Redis, nginx and allocator tests" >&2
  exit 1
fi
echo "installing: ${need[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
