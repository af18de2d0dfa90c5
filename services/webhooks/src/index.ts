export { encryptionKeyBytes, loadWebhooksConfig, type WebhooksConfig, webhooksConfigSchema } from './config';
export {
  balanceMonitorsGroupId,
  type RunningWebhooksService,
  startWebhooksService,
  webhooksGroupId,
  webhooksMetricNames,
} from './service';
export { webhookEventTypes } from './kafka/coin-events';
