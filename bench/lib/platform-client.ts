/**
 * Platform clients for the bank test's actors and the payout bench, made the way an operator makes them (the operator
 * CLI's `create-client`, against the stack's schemas and topics), and their SYSTEM tokens.
 */
import pg from 'pg';
import { runAdminCommand } from '../../scripts/admin';
import { requestJson } from './http';

export interface StackAccess {
  gatewayUrl: string;
  userDatabaseUrl: string;
  prefix: string;
  redisUrl: string;
}

/**
 * `admin create-client --name <name> --treasuries <…> [--cashout]`; with `id`, the client is then
 * renamed to it (a provider the callback secrets name).
 */
export async function createPlatformClient(
  stack: StackAccess,
  name: string,
  treasuries: string[],
  id?: string,
  grants: { cashout?: boolean } = {},
): Promise<{ clientId: string; clientSecret: string }> {
  const previous = { ...process.env };
  Object.assign(process.env, {
    USER_DATABASE_URL: stack.userDatabaseUrl,
    DB_SCHEMA_PREFIX: stack.prefix,
    TOPIC_PREFIX: stack.prefix,
    REDIS_URL: stack.redisUrl,
  });
  const lines: string[] = [];
  try {
    await runAdminCommand(
      [
        'create-client',
        '--name',
        name,
        ...(treasuries.length > 0 ? ['--treasuries', treasuries.join(',')] : []),
        ...(grants.cashout ? ['--cashout'] : []),
      ],
      (l) => lines.push(l),
    );
  } finally {
    process.env = previous;
  }
  const printed = lines.join('\n');
  const created = /client id:\s+(\S+)/.exec(printed)?.[1];
  const clientSecret = /client secret:\s+(\S+)/.exec(printed)?.[1];
  if (!created || !clientSecret) throw new Error(`unexpected create-client output: ${printed}`);
  if (!id) return { clientId: created, clientSecret };
  const db = new pg.Client({ connectionString: stack.userDatabaseUrl });
  await db.connect();
  try {
    await db.query(`UPDATE "${stack.prefix}users".platform_clients SET id = $2 WHERE id = $1`, [created, id]);
  } finally {
    await db.end();
  }
  return { clientId: id, clientSecret };
}

/** A SYSTEM access token of a platform client (POST /api/auth/token). */
export async function platformToken(gatewayUrl: string, client: { clientId: string; clientSecret: string }): Promise<string> {
  const answer = await requestJson(gatewayUrl, 'POST', '/api/auth/token', { body: client });
  if (answer.status !== 200) throw new Error(`client token: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.accessToken as string;
}
