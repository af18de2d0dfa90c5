/**
 * What code outside the gateway may use (the package's `exports`): its configuration, starting it
 * in-process (the test harness, the benchmarks) and the operator's hook into its Redis cache
 * (scripts/admin.ts revokes a platform client). `@coin/gateway/main` is the process itself
 * (scripts/container/entry.ts); `@coin/gateway/testing` holds what only tests need. Everything
 * else under src/ is internal and may change without notice.
 */
export { gatewayMetricNames } from './metrics';
export { gatewayConfigSchema, loadGatewayConfig, type GatewayConfig } from './config';
export { forgetPlatformClient, gatewayRedisPrefix } from './plugins/platform-clients';
export type { RouteEntry } from './plugins/route-table';
export { startGatewayService, type RunningService } from './service';
