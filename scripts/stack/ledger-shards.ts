import { schemaName } from '@coin/db';
import { migrateServiceDatabase } from './provision';
import { devServiceDatabaseUrl, serviceDatabases } from './services';

/**
 * Local ledger shards (docs/design/ledger.md "Shards"): the ledger's schema, roles and grants in every
 * further shard cluster, and the shard map that splits the partitions between the clusters. The
 * first shard is the stack's own cluster, which provision() has migrated already.
 */
export async function migrateLedgerShards(target: {
  /** Admin URLs of the shards after the first (the second cluster, SHARD_DATABASE_URL). */
  shardAdminUrls: readonly string[];
  schemaPrefix: string;
  rolePassword?: (role: string) => string;
  log?: (message: string) => void;
}): Promise<void> {
  for (const databaseUrl of target.shardAdminUrls) {
    await migrateServiceDatabase({
      databaseUrl,
      schema: schemaName(target.schemaPrefix, serviceDatabases.ledger.schema),
      service: 'ledger',
      ...(target.rolePassword ? { rolePassword: target.rolePassword } : {}),
      ...(target.log ? { log: target.log } : {}),
    });
  }
}

/**
 * LEDGER_SHARDS_DATABASE_URL for clusters given by admin URL: contiguous partition ranges of
 * (nearly) equal size, in order, each shard reached with the ledger's runtime role.
 */
export function ledgerShardMap(adminUrls: readonly string[], partitions: number): string {
  if (adminUrls.length > partitions) throw new Error(`${adminUrls.length} shards need at least as many partitions (got ${partitions})`);
  let first = 0;
  return adminUrls
    .map((adminUrl, i) => {
      const count = Math.floor(partitions / adminUrls.length) + (i < partitions % adminUrls.length ? 1 : 0);
      const range = `${first}-${first + count - 1}`;
      first += count;
      return `${range}=${devServiceDatabaseUrl(adminUrl, 'ledger')}`;
    })
    .join(';');
}
