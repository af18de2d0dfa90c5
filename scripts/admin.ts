/**
 * Operator commands (`npm run admin -- <command> [--flag value]...`), run with database access:
 *   create-superadmin --email E --password P [--name N]   create (or promote) a SUPERADMIN
 *   create-client --name N                                 register a platform client; prints its secret once
 *   revoke-sessions --user-id ID                           log a user out everywhere, now
 * Environment: USER_DATABASE_URL (the user service's URL) or DATABASE_URL (an admin URL; the
 * local cluster when unset), DB_SCHEMA_PREFIX, TOPIC_PREFIX. Events go out through the outbox,
 * which the running user service publishes.
 */
import { createPool, schemaName, serviceDatabaseUrl } from '@coin/db';
import { createPlatformClient, createSuperadmin, revokeUserSessions } from '../services/user/src/admin/operator';
import { infraStatus } from './infra';
import { devRolePassword, serviceDatabases } from './stack/services';

const usage = 'usage: npm run admin -- create-superadmin --email E --password P [--name N] | create-client --name N | revoke-sessions --user-id ID';

function flags(args: string[]): Map<string, string> {
  const result = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i];
    const value = args[i + 1];
    if (!name?.startsWith('--') || value === undefined) throw new Error(usage);
    result.set(name.slice(2), value);
  }
  return result;
}

function required(values: Map<string, string>, name: string): string {
  const value = values.get(name);
  if (!value) throw new Error(`--${name} is required\n${usage}`);
  return value;
}

async function databaseUrl(): Promise<string> {
  const own = process.env.USER_DATABASE_URL?.trim();
  if (own) return own;
  const admin = process.env.DATABASE_URL?.trim() || (await infraStatus()).databaseUrl;
  if (!admin) throw new Error('no database: set USER_DATABASE_URL or DATABASE_URL, or run `npm run infra`');
  // Connect as the service's role, as the service does, so rows and grants stay the same.
  const role = serviceDatabases.user.role;
  return process.env.DATABASE_URL?.trim() ? admin : serviceDatabaseUrl(admin, role, devRolePassword(role));
}

export async function runAdminCommand(argv: string[], out: (line: string) => void): Promise<void> {
  const [command, ...rest] = argv;
  const values = flags(rest);
  const topicPrefix = process.env.TOPIC_PREFIX ?? '';
  const pool = createPool({
    url: await databaseUrl(),
    schema: schemaName(process.env.DB_SCHEMA_PREFIX ?? '', serviceDatabases.user.schema),
    applicationName: 'admin-cli',
    connectionsMax: 1,
  });
  try {
    switch (command) {
      case 'create-superadmin': {
        const password = required(values, 'password');
        if (password.length < 8 || password.length > 128) throw new Error('--password must be 8-128 characters');
        const result = await createSuperadmin(pool, {
          email: required(values, 'email'),
          password,
          ...(values.get('name') ? { fullName: values.get('name')! } : {}),
          topicPrefix,
          now: new Date(),
        });
        out(`superadmin ${result.outcome}: user id ${result.userId}${result.outcome === 'promoted' ? ' (existing password kept)' : ''}`);
        return;
      }
      case 'create-client': {
        const name = required(values, 'name');
        if (name.length > 100) throw new Error('--name must be at most 100 characters');
        const { clientId, clientSecret } = await createPlatformClient(pool, name);
        out(`client id:     ${clientId}`);
        out(`client secret: ${clientSecret}`);
        out('The secret is shown this once; only its hash is stored.');
        return;
      }
      case 'revoke-sessions': {
        const id = required(values, 'user-id');
        if (!/^[1-9][0-9]{0,15}$/.test(id)) throw new Error('--user-id must be a positive integer');
        const result = await revokeUserSessions(pool, { userId: Number(id), topicPrefix, now: new Date() });
        if (!result) throw new Error(`no user ${id}`);
        out(`sessions of user ${id} revoked (token version ${result.tokenVersion})`);
        return;
      }
      default:
        throw new Error(usage);
    }
  } finally {
    await pool.end();
  }
}

if (require.main === module) {
  runAdminCommand(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`)).catch((err: Error) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  });
}
