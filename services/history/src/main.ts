import { createLogger } from '@coin/logger';
import { runUntilSignalled } from '@coin/http';
import { loadHistoryConfig } from './config';
import { startHistoryService } from './service';

const config = loadHistoryConfig(process.env);
const logger = createLogger('history', config.LOG_LEVEL);
runUntilSignalled(logger, () => startHistoryService(config, logger));
