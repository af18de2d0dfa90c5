import { createLogger } from '@coin/logger';
import { runUntilSignalled } from '@coin/http';
import { loadLedgerConfig } from './config';
import { startLedgerService } from './service';

const config = loadLedgerConfig(process.env);
const logger = createLogger('ledger', config.LOG_LEVEL);
// Past the outage grace the process exits, and its orchestrator (Kubernetes, npm start) restarts it.
runUntilSignalled(logger, () => startLedgerService(config, logger, { onDatabaseLost: () => process.exit(1) }));
