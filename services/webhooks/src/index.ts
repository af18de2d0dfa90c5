export { encryptionKeyBytes, loadWebhooksConfig, type WebhooksConfig, webhooksConfigSchema } from './config';
export {
  balanceMonitorsGroupId,
  type RunningWebhooksService,
  startWebhooksService,
  webhooksGroupId,
} from './service';
export { webhooksMetricNames } from './metrics';
export { webhookEventTypes } from './kafka/coin-events';
