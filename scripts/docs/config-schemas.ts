import { join } from 'node:path';
import type { z } from 'zod';
import { gatewayConfigSchema } from '@coin/gateway';
import { historyConfigSchema } from '@coin/history';
import { ledgerConfigSchema } from '@coin/ledger';
import { userConfigSchema } from '@coin/user';
import { monitoringConfigSchema } from '@coin/monitoring';
import { webhooksConfigSchema } from '@coin/webhooks';
import { migrateConfigSchema } from '../container/migrate-config';
import { repoRoot } from '../stack/services';

export interface ConfiguredWorkload {
  /** The image command that runs it, and the compose service / Kubernetes workload name. */
  name: 'gateway' | 'user' | 'ledger' | 'history' | 'webhooks' | 'monitoring' | 'migrate';
  schema: z.ZodObject;
  /** Source files whose doc comments describe the keys (the schema's file, then libs/config). */
  sources: string[];
}

const commonSource = join(repoRoot, 'libs/config/src/index.ts');

/** Every workload of the image and the schema it parses its environment with: the one source for env vars. */
export const configuredWorkloads: ConfiguredWorkload[] = [
  { name: 'gateway', schema: gatewayConfigSchema, sources: [join(repoRoot, 'services/gateway/src/config.ts'), commonSource] },
  { name: 'user', schema: userConfigSchema, sources: [join(repoRoot, 'services/user/src/config.ts'), commonSource] },
  { name: 'ledger', schema: ledgerConfigSchema, sources: [join(repoRoot, 'services/ledger/src/config.ts'), commonSource] },
  { name: 'history', schema: historyConfigSchema, sources: [join(repoRoot, 'services/history/src/config.ts'), commonSource] },
  { name: 'webhooks', schema: webhooksConfigSchema, sources: [join(repoRoot, 'services/webhooks/src/config.ts'), commonSource] },
  {
    name: 'monitoring',
    schema: monitoringConfigSchema,
    sources: [join(repoRoot, 'services/monitoring/src/config.ts'), commonSource],
  },
  { name: 'migrate', schema: migrateConfigSchema, sources: [join(repoRoot, 'scripts/container/migrate-config.ts'), commonSource] },
];

export function envKeysOf(workload: ConfiguredWorkload): string[] {
  return Object.keys(workload.schema.shape);
}
