import { createLogger } from '@coin/logger';
import { loadUserConfig } from './config';
import { startUserService } from './service';
import { runUntilSignalled } from '@coin/http';

const config = loadUserConfig(process.env);
const logger = createLogger('user', config.LOG_LEVEL);
runUntilSignalled(logger, () => startUserService(config, logger));
