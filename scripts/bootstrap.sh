#!/bin/sh
# Installs what is missing, then hands over to the TypeScript stack script.
# npm ci runs when node_modules is absent or older than the lockfile.
set -e
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[stack] installing npm dependencies"
  npm ci --no-audit --no-fund
fi
case "$1" in
  test)
    npx tsx scripts/stack.ts infra
    shift
    exec npx jest "$@"
    ;;
  *)
    exec npx tsx scripts/stack.ts "$@"
    ;;
esac
