import { createPool, schemaName } from '@coin/db';
import { createFirstSuperadmin, type BootstrapOutcome } from '@coin/user';

export async function bootstrapSuperadmin(input: {
  databaseUrl: string;
  schemaPrefix: string;
  topicPrefix: string;
  email: string;
  password: string;
}): Promise<BootstrapOutcome> {
  const pool = createPool({ url: input.databaseUrl, schema: schemaName(input.schemaPrefix, 'users'), applicationName: 'bootstrap' });
  try {
    return await createFirstSuperadmin(pool, {
      email: input.email,
      password: input.password,
      topicPrefix: input.topicPrefix,
      now: new Date(),
    });
  } finally {
    await pool.end();
  }
}
