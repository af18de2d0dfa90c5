export { loadMonitoringConfig, type MonitoringConfig, monitoringConfigSchema } from './config';
export {
  monitoringGroupId,
  monitoringMetricNames,
  type MonitoringOptions,
  type RunningMonitoringService,
  startMonitoringService,
} from './service';
export type { FreezeRequest, WalletFreezer } from './freeze/wallet-freezer';
export { presetRules } from './domain/rules';
