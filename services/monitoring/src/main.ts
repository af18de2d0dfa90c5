import { runUntilSignalled } from '@coin/http';
import { createLogger } from '@coin/logger';
import { loadMonitoringConfig } from './config';
import { startMonitoringService } from './service';

const config = loadMonitoringConfig(process.env);
const logger = createLogger('monitoring', config.LOG_LEVEL);
// Past the outage grace the process exits, and its orchestrator (Kubernetes, npm start) restarts it.
runUntilSignalled(logger, () => startMonitoringService(config, logger, { onDatabaseLost: () => process.exit(1) }));
