import { createPool, schemaName } from '@coin/db';
import { createFirstSuperadmin, createSuperadmin, type BootstrapOutcome } from '@coin/user';

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

/**
 * A SUPERADMIN as the operator CLI's `create-superadmin` makes one (the database, audited as an
 * operator), whether or not others exist: tools that need a second SUPERADMIN to approve the
 * first one's grant requests (docs/DESIGN.md "Two-person acts") make it this way.
 */
export async function operatorSuperadmin(input: {
  databaseUrl: string;
  schemaPrefix: string;
  topicPrefix: string;
  email: string;
  password: string;
}): Promise<void> {
  const pool = createPool({
    url: input.databaseUrl,
    schema: schemaName(input.schemaPrefix, 'users'),
    applicationName: 'operator-superadmin',
  });
  try {
    await createSuperadmin(pool, { email: input.email, password: input.password, topicPrefix: input.topicPrefix, now: new Date() });
  } finally {
    await pool.end();
  }
}
