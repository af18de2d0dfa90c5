/**
 * The ledger service as services/ledger/src/main.ts runs it, for the Kafka mode of `npm run
 * simulate`, plus a crash point: with SIMULATION_CRASH_AFTER_COMMITS=N the process SIGKILLs itself
 * right after its Nth batch commits to the database, before the outbox publish, the replies and
 * the Kafka offset commit (the worst moment for exactly-once). The run kills it from outside at
 * other moments too; either way the run starts it again, as a supervisor would. Each commit's
 * partitions go to the run over the IPC channel: its timeline of which partitions were served
 * when, which a finding quotes.
 */
import { runUntilSignalled } from '@coin/http';
import { createLogger } from '@coin/logger';
import { loadLedgerConfig, startLedgerService } from '@coin/ledger';

const crashAfterCommits = Number(process.env.SIMULATION_CRASH_AFTER_COMMITS ?? '0');
const config = loadLedgerConfig(process.env);
const logger = createLogger('ledger', config.LOG_LEVEL);
let commits = 0;
runUntilSignalled(logger, () =>
  startLedgerService(config, logger, {
    onDatabaseLost: () => process.exit(1),
    afterCommit: ({ partitions }) => {
      commits += 1;
      process.send?.({ kind: 'commit', at: Date.now(), partitions });
      if (crashAfterCommits > 0 && commits >= crashAfterCommits) process.kill(process.pid, 'SIGKILL');
    },
  }),
);
