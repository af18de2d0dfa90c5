import { createLogger } from '@coin/logger';
import { runUntilSignalled } from '@coin/http';
import { loadHistoryConfig } from './config';
import { startHistoryService } from './service';

const config = loadHistoryConfig(process.env);
const logger = createLogger('history', config.LOG_LEVEL);
// Past the outage grace the process exits, and its orchestrator (Kubernetes, npm start) restarts it.
runUntilSignalled(logger, () => startHistoryService(config, logger, { onDatabaseLost: () => process.exit(1) }));
