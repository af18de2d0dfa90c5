#!/bin/sh
# `npm run lint`: the repository's own checks (function lengths, lookups that can reach a plain
# object's prototype, casts to never) and Biome's lint and format check, side by side. All but
# Biome are single-threaded: one after the other they took 18 s on the quiet 2-core machine
# before the gate's first test could start (`npm test` runs them first), 8 s of it the
# prototype-lookup check's type checker alone. Each check's output is printed whole, in that
# order; the status is the first failing check's. Arguments go to Biome (`npm run lint -- --help`).
set -u
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
tsx scripts/lint/long-functions.ts >"$out/1" 2>&1 &
pid1=$!
tsx scripts/lint/prototype-lookups.ts >"$out/2" 2>&1 &
pid2=$!
tsx scripts/lint/never-casts.ts >"$out/3" 2>&1 &
pid3=$!
biome ci --error-on-warnings . "$@" >"$out/4" 2>&1 &
pid4=$!
status=0
for n in 1 2 3 4; do
  eval "wait \$pid$n"
  check=$?
  cat "$out/$n"
  [ $status -ne 0 ] || status=$check
done
exit $status
