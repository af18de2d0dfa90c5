/**
 * A ledger service process that kills itself (SIGKILL, no cleanup) right after its Nth batch
 * commits to the database: before the outbox publish, the replies and the Kafka offset commit.
 * Started by the ledger crash tests; configured by the same environment as the service plus
 * CRASH_AFTER_COMMITS, and CRASH_ON_TYPE: only batches holding a command of that type count (the
 * mandate test kills the ledger right after it commits a charge).
 */
import { createLogger } from '@coin/logger';
import { loadLedgerConfig, startLedgerService } from '@coin/ledger';

const crashAfterCommits = Number(process.env.CRASH_AFTER_COMMITS ?? '1');
const crashOnType = process.env.CRASH_ON_TYPE;
const config = loadLedgerConfig(process.env);
let commits = 0;
startLedgerService(config, createLogger('ledger-crash-child', config.LOG_LEVEL), {
  afterCommit: ({ types }) => {
    if (crashOnType !== undefined && !types.includes(crashOnType)) return;
    commits += 1;
    if (commits >= crashAfterCommits) process.kill(process.pid, 'SIGKILL');
  },
}).catch((err: unknown) => {
  process.stderr.write(`crash child failed to start: ${String(err)}\n`);
  process.exit(3);
});
