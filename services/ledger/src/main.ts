import { createLogger } from '@coin/logger';
import { runUntilSignalled } from '@coin/http';
import { loadLedgerConfig } from './config';
import { startLedgerService } from './service';

const config = loadLedgerConfig(process.env);
const logger = createLogger('ledger', config.LOG_LEVEL);
runUntilSignalled(logger, () => startLedgerService(config, logger));
