// Orders the test files of one jest run: the longest first, so that the workers finish together
// instead of the slowest file starting last. Jest's own sequencer orders by the durations cached
// from earlier runs on this machine, and by file size where it has none (a fresh clone, CI),
// which puts the slowest files (small files that start a whole stack) near the end. The files
// below are the slowest of a full run on the 2-core machine (seconds in a 3-worker run); they
// go first, in this order, and every other file follows in jest's order.
const Sequencer = require('@jest/test-sequencer').default;

const slowestFirst = [
  'test/e2e/chaos-short.test.ts', // 290 s: the bank test (its own Kafka broker)
  'test/e2e/contract-schemathesis.test.ts', // 148 s
  'test/ops/restore-downstream.int.test.ts', // 134 s
  'test/e2e/admin-console-screens.test.ts', // 120 s
  'test/e2e/payouts.test.ts', // 115 s
  'test/security/kafka-tls.int.test.ts', // 78 s
  'test/e2e/readme-commands.test.ts', // 57 s
  'scripts/contract/api-versions.unit.test.ts', // 52 s
  'test/chaos/checker.int.test.ts', // 50 s
  'test/chaos/checker-bugs.int.test.ts', // about 50 s: a stack of child processes, 15 s of load
  'test/e2e/identity/admin-mfa.test.ts', // 50 s
  'test/e2e/readme-tour.test.ts', // 48 s
  'test/ops/restore-runbook.int.test.ts', // 46 s
  'test/e2e/fuzz-openapi.test.ts', // 43 s
  'test/e2e/refusal-audit.test.ts', // 43 s
  'test/deploy/schemas.int.test.ts', // 43 s
  'services/ledger/src/ledger.int.test.ts', // 40 s
];

/** The named files first, in their order; the rest keeps the order it had (the sort is stable). */
function slowestFirstOrder(tests) {
  const rankOf = (test) => {
    const rank = slowestFirst.findIndex((file) => test.path.endsWith(`/${file}`));
    return rank < 0 ? slowestFirst.length : rank;
  };
  return [...tests].sort((a, b) => rankOf(a) - rankOf(b));
}

class SlowestFirstSequencer extends Sequencer {
  sort(tests) {
    return slowestFirstOrder(super.sort(tests));
  }
}

module.exports = SlowestFirstSequencer;
module.exports.slowestFirst = slowestFirst;
module.exports.slowestFirstOrder = slowestFirstOrder;
