import { createLogger } from '@coin/logger';
import { loadUserConfig } from './config';
import { startUserService } from './service';
import { runUntilSignalled } from '@coin/http';

const config = loadUserConfig(process.env);
const logger = createLogger('user', config.LOG_LEVEL);
// Past the outage grace the process exits, and its orchestrator (Kubernetes, npm start) restarts it.
runUntilSignalled(logger, () => startUserService(config, logger, { onDatabaseLost: () => process.exit(1) }));
