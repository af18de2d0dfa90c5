import { createLogger } from '@coin/logger';
import { runUntilSignalled } from '@coin/http';
import { loadGatewayConfig } from './config';
import { startGatewayService } from './service';

const config = loadGatewayConfig(process.env);
const logger = createLogger('gateway', config.LOG_LEVEL);
runUntilSignalled(logger, () => startGatewayService(config, logger));
