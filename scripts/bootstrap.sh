#!/bin/sh
# Installs what is missing, then hands over to the TypeScript stack script.
# Installs when node_modules is absent or older than the lockfile. `npm install` (not `npm ci`):
# the registry these machines reach lacks some optional platform binaries that the lockfile lists
# (e.g. other OSes' @swc/core and resolver builds), which `npm ci` refuses and `npm install` skips.
set -e
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[stack] installing npm dependencies"
  npm install --no-audit --no-fund
fi
case "$1" in
  test)
    # Formatting and lint rules (biome.json: the import rules keep domain/ free of I/O and the
    # services out of each other) are checked first: a failure here fails the run in seconds.
    echo "[stack] lint and format check (npm run lint; npm run lint:fix repairs most findings)"
    npm run --silent lint
    echo "[stack] type-checking every project (tsc -b)"
    npx tsc -b
    npx tsx scripts/stack.ts infra
    shift
    exec npx jest "$@"
    ;;
  *)
    exec npx tsx scripts/stack.ts "$@"
    ;;
esac
