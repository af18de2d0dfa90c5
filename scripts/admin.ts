/**
 * Operator commands (`npm run admin -- <command> [--flag value]...`), run with database access:
 *   create-superadmin --email E (--password-stdin | --password-file F) [--name N] [--promote-existing]
 *                                                          create a SUPERADMIN; an existing account of that email only
 *                                                          with --promote-existing (its password replaced, second factor removed)
 *   create-client --name N [--treasuries T,T] [--daily-reward-cap COINS] [--cashout]
 *                                                          register a platform client with its grants (--cashout: a
 *                                                          payout provider; default:
 *                                                          none; the ledger's default cap, at most
 *                                                          PLATFORM_CLIENT_DAILY_REWARD_CAP_MAX_COINS); prints its secret
 *                                                          once. An operator acts alone (no second SUPERADMIN):
 *                                                          the break-glass path, audited as `operator`
 *   list-clients                                           platform clients: id, name, grants, createdAt, revokedAt
 *   revoke-client --id ID                                  revoke a platform client; its SYSTEM tokens stop on the next request
 *   revoke-sessions --user-id ID                           log a user out everywhere, now
 *   reset-password --user-id ID [--expires-in-minutes M]   a one-time password-reset code (default 60 min) to give the user;
 *                                                          their sessions end now
 *   reset-mfa --user-id ID                                 remove a user's second factor (lost phone and recovery codes);
 *                                                          their sessions end, they enrol again
 *   erase --user-id ID                                     erase a deleted user's personal data (docs/operations/procedures.md
 *                                                          "Erasure"); records it in the audit log, prints a receipt
 *   dev-seed [--rewards COINS] [--provider] [--show-secrets]
 *                                                          a local stack's admins, API keys, a funded REWARDS treasury
 *                                                          and a platform client (--provider: also a payout provider and
 *                                                          its callback secret), over the running gateway (GATEWAY_URL,
 *                                                          default http://127.0.0.1:8080); prints `export` lines for eval
 *                                                          (scripts/admin/dev-seed.ts); --show-secrets: the admins'
 *                                                          otpauth:// URIs and new recovery codes too, last
 *   token superadmin|superadmin2|admin|client|provider     an access token on stdout, signed in through the API with what
 *   token user --email E --password-stdin                  dev-seed exported (the second factor computed from its secret);
 *                                                          no database (scripts/admin/token.ts)
 *   totp superadmin|superadmin2|admin                      the code an authenticator app shows now, for a sign-in by hand
 * Environment: USER_DATABASE_URL (the user service's URL) or DATABASE_URL (an admin URL; the
 * local cluster when unset), DB_SCHEMA_PREFIX, TOPIC_PREFIX; for revoke-client also REDIS_URL
 * (the gateway's Redis; the local one when unset). Events go out through the outbox, which the
 * running user service publishes.
 *
 * A password is never an argument (argv shows in `ps`, /proc and shell history): it is read from
 * stdin (`--password-stdin`: the first line of what is piped, or typed without echo at a
 * terminal) or from a file (`--password-file`, e.g. a mounted Secret). `--password` is refused.
 */
import type { Pool } from '@coin/db';
import { readFileSync } from 'node:fs';
import { defaultGatewayUrl, defaultRewardsTarget } from './admin/defaults';
import { accessToken, isTokenSubject, signInCode, tokenSubjects } from './admin/token';
import { parseCliArgs, positionalArgs, UsageError } from './cli-args';

/**
 * The modules of the commands that open the user service's database (revoke-client also the
 * gateway's Redis; dev-seed the gateway's API), required when one of them runs: `token` and
 * `totp`, which a guide calls at almost every step, start without them (about a second of CPU
 * less each). `--help` requires them all, so that it still loads the whole module graph of the
 * command (test/e2e/readme-commands.test.ts runs it on a fresh clone).
 */
const contracts = () => require('@coin/contracts') as typeof import('@coin/contracts');
const db = () => require('@coin/db') as typeof import('@coin/db');
const redis = () => require('@coin/redis') as typeof import('@coin/redis');
const gateway = () => require('@coin/gateway') as typeof import('@coin/gateway');
const user = () => require('@coin/user') as typeof import('@coin/user');
const seed = () => require('./admin/dev-seed') as typeof import('./admin/dev-seed');
const infra = () => require('./infra') as typeof import('./infra');
const infraRedis = () => require('./infra/redis') as typeof import('./infra/redis');
const stackServices = () => require('./stack/services') as typeof import('./stack/services');
const commandModules = [contracts, db, redis, gateway, user, seed, infra, infraRedis, stackServices];

const usage =
  'usage: npm run admin -- create-superadmin --email E (--password-stdin | --password-file F) [--name N] [--promote-existing] | ' +
  'create-client --name N [--treasuries T,T] [--daily-reward-cap COINS] [--cashout] | list-clients | revoke-client --id ID | revoke-sessions --user-id ID | ' +
  'reset-password --user-id ID [--expires-in-minutes M] | reset-mfa --user-id ID | erase --user-id ID | ' +
  'dev-seed [--rewards COINS] [--provider] [--show-secrets] | token superadmin|superadmin2|admin|client|provider | ' +
  'token user --email E --password-stdin | totp superadmin|superadmin2|admin';
/**
 * A client's grants from `--treasuries REWARDS,OPERATIONS` and `--daily-reward-cap 5000` (coins),
 * validated as the API validates them (createPlatformClientBody).
 */
function clientGrants(values: Map<string, string>): { treasuries: string[]; dailyRewardCap: number | null; cashout: boolean } {
  const listed = values.get('treasuries');
  const capText = values.get('daily-reward-cap');
  const { createPlatformClientBody, treasuryCodes, coinsToMinorUnits } = contracts();
  const parsed = createPlatformClientBody.safeParse({
    name: 'x',
    ...(listed !== undefined ? { treasuries: listed.split(',').map((t) => t.trim()) } : {}),
    ...(capText !== undefined ? { dailyRewardCap: /^\d+(\.\d{1,2})?$/.test(capText) ? Number(capText) : Number.NaN } : {}),
  });
  if (!parsed.success) {
    throw new UsageError(
      `--treasuries takes distinct codes of ${treasuryCodes.join(', ')}, comma-separated; --daily-reward-cap a positive amount of coins\n${usage}`,
    );
  }
  const cap = parsed.data.dailyRewardCap;
  // The deployment's ceiling binds the operator too (docs/DESIGN.md "Two-person acts"): the user service's setting, read the same way.
  const ceiling = user().userConfigSchema.shape.PLATFORM_CLIENT_DAILY_REWARD_CAP_MAX_COINS.parse(
    process.env.PLATFORM_CLIENT_DAILY_REWARD_CAP_MAX_COINS?.trim() || undefined,
  );
  if (cap !== undefined && cap > ceiling) {
    throw new UsageError(`--daily-reward-cap may be at most ${ceiling} coins (PLATFORM_CLIENT_DAILY_REWARD_CAP_MAX_COINS)\n${usage}`);
  }
  return {
    treasuries: parsed.data.treasuries ?? [],
    dailyRewardCap: cap === undefined ? null : coinsToMinorUnits(cap),
    cashout: values.has('cashout'),
  };
}

/** Platform client ids are `pc_` + base64url (services/user/src/admin/operator.ts). */
const clientIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

/** Each command's flags, all with a value but the boolean ones; any other flag, or a stray argument, is refused. */
const commandFlags = {
  'create-superadmin': ['email', 'password-file', 'password-stdin', 'name', 'promote-existing'],
  'create-client': ['name', 'treasuries', 'daily-reward-cap', 'cashout'],
  'list-clients': [],
  'revoke-client': ['id'],
  'revoke-sessions': ['user-id'],
  'reset-password': ['user-id', 'expires-in-minutes'],
  'reset-mfa': ['user-id'],
  erase: ['user-id'],
  'dev-seed': ['rewards', 'provider', 'show-secrets'],
  token: ['email', 'password-stdin', 'password-file'],
  totp: [],
} as const satisfies Record<string, readonly string[]>;

type AdminCommand = keyof typeof commandFlags;

function isAdminCommand(command: string | undefined): command is AdminCommand {
  return command !== undefined && Object.hasOwn(commandFlags, command);
}

const booleanFlags: ReadonlySet<string> = new Set(['password-stdin', 'promote-existing', 'cashout', 'provider', 'show-secrets']);

export const passwordOnArgvRefused =
  '--password is refused: a password on the command line shows in ps, /proc and shell history. ' +
  'Pipe it on stdin with --password-stdin (e.g. `printf %s "$PW" | ... --password-stdin`), or name a file with --password-file F';

function flags(command: AdminCommand, args: string[]): Map<string, string> {
  if (args.some((arg) => arg === '--password' || arg.startsWith('--password='))) throw new UsageError(`${passwordOnArgvRefused}\n${usage}`);
  const options = Object.fromEntries(
    commandFlags[command].map((name) => [name, { type: booleanFlags.has(name) ? ('boolean' as const) : ('string' as const) }]),
  );
  const { values } = parseCliArgs({ args, options }, usage);
  return new Map(
    Object.entries(values)
      .filter(([, value]) => value !== undefined && value !== false)
      .map(([name, value]) => [name, String(value)]),
  );
}

/** Where a password comes from besides a file: stdin, read whole (piped) or typed (a terminal). */
export interface AdminIo {
  readStdin(): Promise<string>;
  /** Words for the person at the terminal, kept off stdout when stdout is for a program (dev-seed's `eval`). */
  note?(line: string): void;
}

/** All of stdin when piped; at a terminal, one line typed without echo. */
async function readProcessStdin(): Promise<string> {
  const stdin = process.stdin;
  if (stdin.isTTY) {
    process.stderr.write('Password: ');
    stdin.setRawMode(true);
    stdin.resume();
    let typed = '';
    try {
      for await (const chunk of stdin) {
        for (const char of String(chunk)) {
          if (char === '\r' || char === '\n' || char === '\u0004') return typed;
          if (char === '\u0003') throw new Error('interrupted');
          typed = char === '\u007f' ? typed.slice(0, -1) : typed + char;
        }
      }
      return typed;
    } finally {
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    }
  }
  let text = '';
  for await (const chunk of stdin) text += String(chunk);
  return text;
}

const processIo: AdminIo = { readStdin: readProcessStdin, note: (line) => process.stderr.write(`${line}\n`) };

/** dev-seed's `--rewards`: whole coins, at least 1 (REWARDS is topped up to it). */
function rewardsTarget(values: Map<string, string>): number {
  const text = values.get('rewards');
  if (text === undefined) return defaultRewardsTarget;
  if (!/^[1-9][0-9]{0,8}$/.test(text)) throw new UsageError(`--rewards takes a whole number of coins, 1 to 999999999\n${usage}`);
  return Number(text);
}

/** The password of create-superadmin: the first line of stdin or of --password-file, without its line end. */
export async function readPassword(values: Map<string, string>, io: AdminIo): Promise<string> {
  const file = values.get('password-file');
  const fromStdin = values.has('password-stdin');
  if (file && fromStdin) throw new UsageError(`give --password-stdin or --password-file, not both\n${usage}`);
  if (!file && !fromStdin) throw new UsageError(`a password is needed: --password-stdin or --password-file F\n${usage}`);
  const text = file ? readFileSync(file, 'utf8') : await io.readStdin();
  const password = text.split(/\r?\n/, 1)[0] ?? '';
  if (password.length < 8 || password.length > 128) throw new Error('the password must be 8-128 characters');
  return password;
}

function required(values: Map<string, string>, name: string): string {
  const value = values.get(name);
  if (!value) throw new Error(`--${name} is required\n${usage}`);
  return value;
}

async function databaseUrl(): Promise<string> {
  const own = process.env.USER_DATABASE_URL?.trim();
  if (own) return own;
  const admin = process.env.DATABASE_URL?.trim() || (await infra().infraStatus()).databaseUrl;
  if (!admin) throw new Error('no database: set USER_DATABASE_URL or DATABASE_URL, or run `npm run infra`');
  // Connect as the service's role, as the service does, so rows and grants stay the same.
  return process.env.DATABASE_URL?.trim() ? admin : stackServices().devServiceDatabaseUrl(admin, 'user');
}

/**
 * Drops the gateway's cached status of a revoked client and leaves the tombstone that overrides
 * any late re-caching (services/gateway/src/plugins/platform-clients.ts), so the client's tokens
 * are refused on the next request. The CLI writes it because nothing else would tell the gateway:
 * the revocation is a database change, not a Kafka command.
 */
async function forgetInGateway(clientId: string, topicPrefix: string): Promise<void> {
  const { gatewayRedisPrefix, forgetPlatformClient } = gateway();
  const connection = redis().createRedis(process.env.REDIS_URL?.trim() || infraRedis().defaultRedisUrl, gatewayRedisPrefix(topicPrefix));
  // The connection's own error says why ("connect ECONNREFUSED ..."); connect() only says it closed.
  let connectionError: Error | undefined;
  connection.on('error', (err: Error) => (connectionError = err));
  try {
    await connection.connect();
    await forgetPlatformClient(connection, clientId);
  } catch (err) {
    throw new Error(
      `client ${clientId} is revoked and gets no new tokens, but the gateway's Redis (REDIS_URL) could not be updated ` +
        `(${(connectionError ?? (err as Error)).message}): the gateways refuse its tokens once the user service tells them of the ` +
        'revocation (at once while they reach it); a gateway that cannot reach it honours its cached status until it expires ' +
        '(PLATFORM_CLIENT_CACHE_TTL_S, 30 s by default). Run the same command again to retry.',
    );
  } finally {
    connection.disconnect();
  }
}

function userIdOf(values: Map<string, string>): number {
  const id = required(values, 'user-id');
  if (!/^[1-9][0-9]{0,15}$/.test(id) || !Number.isSafeInteger(Number(id))) throw new Error('--user-id must be a positive integer');
  return Number(id);
}

/** What one run of a command has: the parsed flags, what was read before connecting, and where to write. */
interface CommandRun {
  pool: Pool;
  values: Map<string, string>;
  password: string | undefined;
  userId: number | undefined;
  seedTarget: number | undefined;
  topicPrefix: string;
  out: (line: string) => void;
  io: AdminIo;
}

/** Each command's work once the database is open (the checks that need none have run; `token` and `totp` need none). */
const commands: Record<Exclude<AdminCommand, 'token' | 'totp'>, (run: CommandRun) => Promise<void>> = {
  'create-superadmin': async (run) => {
    const result = await user().createSuperadmin(run.pool, {
      email: required(run.values, 'email'),
      password: run.password!,
      ...(run.values.get('name') ? { fullName: run.values.get('name')! } : {}),
      topicPrefix: run.topicPrefix,
      now: new Date(),
      promoteExisting: run.values.has('promote-existing'),
    });
    const note = result.outcome === 'promoted' ? ' (its password is now the one given; second factor removed; sessions ended)' : '';
    run.out(`superadmin ${result.outcome}: user id ${result.userId}${note}`);
    if (result.outcome !== 'unchanged') run.out('At the first sign-in, enrol an authenticator app (TOTP): admin operations need it.');
  },
  'reset-password': async (run) => {
    const minutes = Number(run.values.get('expires-in-minutes') ?? resetCodeMinutesDefault);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > resetCodeMinutesMax) {
      throw new Error(`--expires-in-minutes must be a whole number from 1 to ${resetCodeMinutesMax}`);
    }
    const issued = await user().issuePasswordReset(run.pool, {
      userId: run.userId!,
      ttlSeconds: minutes * 60,
      topicPrefix: run.topicPrefix,
      now: new Date(),
    });
    if (!issued) throw new Error(`no user ${run.userId}`);
    run.out(`reset code: ${issued.code}`);
    run.out(`expires:    ${issued.expiresAt.toISOString()} (one use; the user's sessions have ended)`);
    run.out('Give it to the account holder over a channel you trust; they set a new password with POST /api/auth/password-reset.');
  },
  'reset-mfa': async (run) => {
    const result = await user().resetSecondFactor(run.pool, { userId: run.userId!, topicPrefix: run.topicPrefix, now: new Date() });
    if (!result) throw new Error(`no user ${run.userId}`);
    run.out(
      `second factor of user ${run.userId} removed and sessions ended (token version ${result.tokenVersion}); they enrol again at sign-in`,
    );
  },
  'create-client': async (run) => {
    const name = required(run.values, 'name');
    if (name.length > 100) throw new Error('--name must be at most 100 characters');
    const grants = clientGrants(run.values);
    const { clientId, clientSecret } = await user().createPlatformClient(run.pool, name, {
      topicPrefix: run.topicPrefix,
      now: new Date(),
      grants,
    });
    run.out(`client id:     ${clientId}`);
    run.out(`client secret: ${clientSecret}`);
    run.out('The secret is shown this once; only its hash is stored.');
  },
  'list-clients': async (run) => {
    const clients = await user().listClients(run.pool);
    if (clients.length === 0) {
      run.out('no platform clients');
      return;
    }
    const rows = clients.map((c) => [
      c.id,
      c.name,
      c.treasuries.join(',') || '-',
      c.dailyRewardCap === null ? 'default' : String(c.dailyRewardCap),
      c.cashout ? 'yes' : '-',
      c.createdAt,
      c.revokedAt ?? '-',
    ]);
    for (const line of table([['id', 'name', 'treasuries', 'dailyRewardCap', 'cashout', 'createdAt', 'revokedAt'], ...rows])) run.out(line);
  },
  'revoke-client': async (run) => {
    const id = required(run.values, 'id');
    if (!clientIdPattern.test(id)) throw new Error('--id must be a platform client id (as list-clients shows it)');
    const result = await user().revokePlatformClient(run.pool, { clientId: id, now: new Date(), topicPrefix: run.topicPrefix });
    if (!result) throw new Error(`no platform client ${id}`);
    // Also when it was already revoked: running the command again is how a failed cache update is retried.
    // The test clients it made ended with it: theirs too.
    for (const clientId of [id, ...result.testClients]) await forgetInGateway(clientId, run.topicPrefix);
    run.out(
      result.alreadyRevoked
        ? `client ${id} (${result.client.name}) was already revoked${result.client.revokedAt ? ` at ${result.client.revokedAt}` : ''}`
        : `client ${id} (${result.client.name}) revoked at ${result.client.revokedAt}: no new tokens, and its tokens are refused from the next request`,
    );
    if (result.testClients.length > 0) run.out(`the test clients it made are revoked with it: ${result.testClients.join(', ')}`);
  },
  'revoke-sessions': async (run) => {
    const result = await user().revokeUserSessions(run.pool, { userId: run.userId!, topicPrefix: run.topicPrefix, now: new Date() });
    if (!result) throw new Error(`no user ${run.userId}`);
    run.out(`sessions of user ${run.userId} revoked (token version ${result.tokenVersion})`);
  },
  erase: async (run) => {
    const result = await user().erasePersonalData(run.pool, { userId: run.userId!, topicPrefix: run.topicPrefix, now: new Date() });
    if (!result.ok) throw new Error(`${result.code}: ${result.detail}`);
    for (const line of result.receipt) run.out(line);
  },
  'dev-seed': async (run) => {
    const note = run.io.note ?? (() => undefined);
    // The admins' authenticator URIs and recovery codes: after everything else, and only when asked for.
    const revealed: string[] = [];
    const { devSeed, exportLines } = seed();
    const seeded = await devSeed({
      pool: run.pool,
      topicPrefix: run.topicPrefix,
      gatewayUrl: (process.env.GATEWAY_URL?.trim() || defaultGatewayUrl).replace(/\/+$/, ''),
      rewardsTarget: run.seedTarget!,
      env: process.env,
      note,
      provider: run.values.has('provider'),
      ...(run.values.has('show-secrets') ? { reveal: (line: string) => revealed.push(line) } : {}),
    });
    for (const line of exportLines(seeded)) run.out(line);
    note('The exports hold the secrets, shown this once: eval "$(npm run -s admin -- dev-seed)" sets them (README, the tour).');
    note('An access token of any of them: npm run -s admin -- token admin|superadmin|superadmin2|client (docs/guides/).');
    if (revealed.length === 0)
      note("--show-secrets also prints each admin's otpauth:// URI for an authenticator app (the console's sign-in).");
    for (const line of revealed) note(line);
  },
};

/** How long a reset code lives unless the operator says (an hour: given in person or by phone, used at once). */
const resetCodeMinutesDefault = 60;
const resetCodeMinutesMax = 24 * 60;

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  '));
}

/** `token <who> [--email E --password-stdin]`: over the gateway only, before any database is opened. */
async function printToken(args: string[], out: (line: string) => void, io: AdminIo): Promise<void> {
  const [who, ...rest] = args;
  if (!isTokenSubject(who)) throw new UsageError(`token takes one of ${tokenSubjects.join(', ')}\n${usage}`);
  const values = flags('token', rest);
  if (who !== 'user' && values.size > 0) throw new UsageError(`--email and --password-stdin are for token user\n${usage}`);
  const password = who === 'user' ? await readPassword(values, io) : undefined;
  const token = await accessToken({
    who,
    gatewayUrl: (process.env.COIN_URL?.trim() || process.env.GATEWAY_URL?.trim() || defaultGatewayUrl).replace(/\/+$/, ''),
    env: process.env,
    ...(values.get('email') ? { email: values.get('email')! } : {}),
    ...(password !== undefined ? { password } : {}),
    note: io.note ?? (() => undefined),
  });
  out(token);
}

export async function runAdminCommand(argv: string[], out: (line: string) => void, io: AdminIo = processIo): Promise<void> {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h') {
    for (const load of commandModules) load();
    out(usage);
    return;
  }
  if (!isAdminCommand(command)) throw new Error(usage);
  if (command === 'token') return printToken(rest, out, io);
  if (command === 'totp') return out(await signInCode(positionalArgs(rest, 1, usage)[0], process.env));
  const values = flags(command, rest);
  // Before any connection: a wrong or missing password or user id costs no database round trip.
  const password = command === 'create-superadmin' ? await readPassword(values, io) : undefined;
  const userId = commandFlags[command].some((flag) => flag === 'user-id') ? userIdOf(values) : undefined;
  if (command === 'dev-seed' && process.env.NODE_ENV === 'production') {
    throw new Error('dev-seed makes admins with known passwords and keys for a developer: it refuses NODE_ENV=production');
  }
  const seedTarget = command === 'dev-seed' ? rewardsTarget(values) : undefined;
  const topicPrefix = process.env.TOPIC_PREFIX ?? '';
  const { createPool, schemaName } = db();
  const pool = createPool({
    url: await databaseUrl(),
    schema: schemaName(process.env.DB_SCHEMA_PREFIX ?? '', stackServices().serviceDatabases.user.schema),
    applicationName: 'admin-cli',
    connectionsMax: 1,
  });
  try {
    await commands[command]({ pool, values, password, userId, seedTarget, topicPrefix, out, io });
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
