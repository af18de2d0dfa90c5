#!/bin/sh
# npm run test:quick: lint, the type check and the unit tier, no infrastructure (before each commit).
case "${1:-}" in
  --help | -h)
    echo 'usage: npm run test:quick   (lint, tsc -b and the unit tests; no Kafka, PostgreSQL or Redis needed)'
    exit 0
    ;;
esac
# The unit tier computes and never waits: one worker per core (--maxWorkers=100%), not the four of
# jest.config.ts, which suit the int and e2e files that mostly wait. On the 2-core machine (busy
# with other work) the tier took 101, 109 and 77 s with four workers and 105 s of CPU, 73, 88 and
# 60 s with two and 90 s of CPU; the whole command 99 s before, 85 s after. Running the checks
# beside the tests instead made it slower (145 and 161 s against 120 s): no core is idle to lend.
exec sh scripts/bootstrap.sh exec sh -c 'tsx scripts/lint/long-functions.ts && tsx scripts/lint/prototype-lookups.ts && biome ci --error-on-warnings . && tsc -b && jest --selectProjects unit --maxWorkers=100%'
