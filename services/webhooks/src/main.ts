import { runUntilSignalled } from '@coin/http';
import { createLogger } from '@coin/logger';
import { loadWebhooksConfig } from './config';
import { startWebhooksService } from './service';

const config = loadWebhooksConfig(process.env);
const logger = createLogger('webhooks', config.LOG_LEVEL);
// Past the outage grace the process exits, and its orchestrator (Kubernetes, npm start) restarts it.
runUntilSignalled(logger, () => startWebhooksService(config, logger, { onDatabaseLost: () => process.exit(1) }));
