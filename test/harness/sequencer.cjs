// Orders the test files of one jest run: the longest first, so that the workers finish together
// instead of the slowest file starting last. Jest's own sequencer orders by the durations cached
// from earlier runs on this machine, and by file size where it has none (a fresh clone, CI),
// which puts the slowest files (small files that start a whole stack) near the end.
//
// The files below are the slowest of a full run on the 2-core machine. Some keep both cores busy
// on their own (child processes, a browser, Schemathesis); others mostly wait (a broker's start, a
// restore's steps). One after the other in jest's order,
// three files that wait ran side by side and left the cores idle for minutes (16 % of a run);
// alternated, each file that waits runs beside files that compute. Wall and CPU seconds of each
// file run alone are noted (CPU of the whole machine).
const Sequencer = require('@jest/test-sequencer').default;

const slowestFirst = [
  // Schemathesis runs for a fixed 100 s: beside files that wait, it gets the CPU its cases need
  // (beside the bank test and the restore rehearsal it made a sixth as many).
  'test/e2e/contract-schemathesis.test.ts', // 115 s, CPU 126 s
  'test/security/kafka-tls.int.test.ts', // 77 s, CPU 28 s: waits on its brokers
  'test/ops/restore-downstream.int.test.ts', // 130 s, CPU 61 s
  'test/e2e/guides.test.ts', // 145 s, CPU 45 s: a stack per guide, its steps in a shell (npm run, curl)
  'test/e2e/chaos-short.test.ts', // 107 s, CPU 125 s: the bank test (its own Kafka broker)
  'test/e2e/admin-console-screens.test.ts', // 71 s, CPU 80 s: a browser
  'test/e2e/readme-commands.test.ts', // 50 s, CPU 86 s
  'test/e2e/readme-tour.test.ts', // 51 s, CPU 56 s
  'test/ops/restore-runbook.int.test.ts', // 52 s, CPU 18 s: waits on the restore's steps
  'test/chaos/checker.int.test.ts', // 55 s, CPU 49 s
  'test/e2e/abuse-scenario.test.ts', // 60 s, CPU 32 s
  'test/chaos/checker-bugs.int.test.ts', // 46 s, CPU 50 s
  'services/ledger/src/simulation/simulation.int.test.ts', // 50 s, CPU 45 s (with PostgreSQL's): the whole-ledger simulation
  'test/e2e/payouts.test.ts', // 25 s
  'scripts/contract/api-versions.unit.test.ts', // 22 s, CPU 28 s
  // 23 s with Go's caches warm; on a new machine minutes: its first build of oapi-codegen and of the 6 MB api package.
  'scripts/contract/generate-go-client.unit.test.ts',
  'test/e2e/fuzz-openapi.test.ts', // 43 s
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
