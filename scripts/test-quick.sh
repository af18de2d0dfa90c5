#!/bin/sh
# npm run test:quick: lint, the type check and the unit tier, no infrastructure (before each commit).
case "${1:-}" in
  --help | -h)
    echo 'usage: npm run test:quick   (lint, tsc -b and the unit tests but the tool-driven contract and deploy checks; no Kafka, PostgreSQL or Redis needed)'
    exit 0
    ;;
esac
# The unit tier computes and never waits: one worker per core (--maxWorkers=100%), not the four of
# jest.config.ts, which suit the int and e2e files that mostly wait. Running the checks beside the
# tests instead made it slower: no core is idle to lend. COIN_TEST_QUICK=1 leaves the unit files
# that drive an outside tool (Spectral, oasdiff, the client's generation, kubectl) to the gate,
# `npm test`, which runs them all (jest.config.ts toolDrivenUnitFiles).
exec sh scripts/bootstrap.sh exec sh -c 'sh scripts/lint/all.sh && tsc -b && COIN_TEST_QUICK=1 jest --selectProjects unit --maxWorkers=100%'
