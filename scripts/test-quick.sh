#!/bin/sh
# npm run test:quick: lint, the type check and the unit tier, no infrastructure (before each commit).
case "${1:-}" in
  --help | -h)
    echo 'usage: npm run test:quick   (lint, tsc -b and the unit tests; no Kafka, PostgreSQL or Redis needed)'
    exit 0
    ;;
esac
exec sh scripts/bootstrap.sh exec sh -c 'tsx scripts/lint/long-functions.ts && tsx scripts/lint/prototype-lookups.ts && biome ci --error-on-warnings . && tsc -b && jest --selectProjects unit'
