/**
 * The bank test's ledger: the service as services/ledger/src/main.ts runs it, plus a crash hook
 * that SIGKILLs the process right after an apply that charged a mandate period commits to the
 * database, before its outbox publish, its replies and its Kafka offset commit: the worst moment
 * for exactly-once charging. Each kill is first appended to CHAOS_CHARGE_KILL_LOG (one JSON line:
 * the pid and the charges the killed apply committed), so the bank test tells these kills from
 * deaths and checks each of those charges against the ledger's record. At most one kill per
 * process and CHAOS_CHARGE_KILLS_MAX kills in all (the lines of the log); the supervisor
 * restarts the process as it would after any crash. Its log is read with ./charge-kills.ts.
 */
import { appendFileSync } from 'node:fs';
import { runUntilSignalled } from '@coin/http';
import { createLogger } from '@coin/logger';
import { loadLedgerConfig, startLedgerService } from '@coin/ledger';
import { chargeKillsOf, chargesIn, type ChargeKill } from './charge-kills';

const logFile = process.env.CHAOS_CHARGE_KILL_LOG;
const killsMax = Number(process.env.CHAOS_CHARGE_KILLS_MAX ?? '0');
const config = loadLedgerConfig(process.env);
const logger = createLogger('ledger', config.LOG_LEVEL);
runUntilSignalled(logger, () =>
  startLedgerService(config, logger, {
    onDatabaseLost: () => process.exit(1),
    afterCommit: ({ outcomes }) => {
      if (!logFile || chargeKillsOf(logFile).length >= killsMax) return;
      const charges = chargesIn(outcomes);
      if (charges.length === 0) return;
      const kill: ChargeKill = { pid: process.pid, at: new Date().toISOString(), charges };
      appendFileSync(logFile, `${JSON.stringify(kill)}\n`);
      process.kill(process.pid, 'SIGKILL');
    },
  }),
);
