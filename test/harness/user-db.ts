import { createPool, schemaName, type Pool } from '@coin/db';
import { devServiceDatabaseUrl, serviceDatabases } from '../../scripts/stack/services';
import { migrateServiceDatabase } from '../../scripts/stack/provision';
import { testInfra, uniquePrefix } from './env';

/**
 * The user service's schema of a fresh prefix, migrated, and a pool on it as the service's own
 * runtime role: what a user-service int test runs its repositories and commands against.
 */
export async function migratedUserPool(applicationName: string): Promise<{ pool: Pool; prefix: string }> {
  const prefix = uniquePrefix();
  const { databaseUrl } = testInfra();
  const schema = schemaName(prefix, serviceDatabases.user.schema);
  await migrateServiceDatabase({ databaseUrl, schema, service: 'user' });
  const pool = createPool({ url: devServiceDatabaseUrl(databaseUrl, 'user'), schema, applicationName, connectionsMax: 4 });
  return { pool, prefix };
}
