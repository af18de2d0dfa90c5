/**
 * The naive baseline of the benchmark: what a typical coin service does, in one process.
 *
 * Per request: verify the caller's JWT (the same Ed25519 tokens as the gateway), validate the
 * body, then one database transaction: SELECT both accounts FOR UPDATE (in id order, so two
 * opposite transfers cannot deadlock), check the balance, UPDATE both, INSERT the transfer,
 * COMMIT. One commit per transfer, row locks for correctness: the design the ledger's serial,
 * batched apply is meant to beat (docs/design/ledger.md "Batch apply").
 *
 * Started by bench/run.ts as a child process on the same machine and PostgreSQL as the stack.
 */
import Fastify from 'fastify';
import { importSPKI, jwtVerify } from 'jose';
import pg from 'pg';
import { z } from 'zod';
import { coinAmount, coinsToMinorUnits, minorUnitsToCoins, reasonText, userId } from '@coin/contracts';

const config = z
  .object({
    BASELINE_PORT: z.coerce.number().int().min(0).max(65535),
    BASELINE_DATABASE_URL: z.string().url(),
    BASELINE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/),
    BASELINE_JWT_PUBLIC_KEY: z.string().min(1),
    /** A typical service's pool: more connections only queue more lock waits in PostgreSQL. */
    BASELINE_POOL_MAX: z.coerce.number().int().positive().default(20),
    JWT_ISSUER: z.string().default('coin-ledger'),
    JWT_AUDIENCE: z.string().default('coin-ledger-api'),
  })
  .parse(process.env);

const transferBody = z.strictObject({ toUserId: userId, amount: coinAmount, reason: reasonText });

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

async function main(): Promise<void> {
  const publicKey = await importSPKI(config.BASELINE_JWT_PUBLIC_KEY, 'EdDSA');
  const pool = new pg.Pool({
    connectionString: config.BASELINE_DATABASE_URL,
    max: config.BASELINE_POOL_MAX,
    options: `-c search_path=${config.BASELINE_SCHEMA}`,
    application_name: 'bench-baseline',
  });
  pool.on('error', () => undefined); // an idle connection lost: the pool reconnects on the next query
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 });
  app.setErrorHandler((err: Error & { statusCode?: number }, _request, reply) => {
    const status = err instanceof HttpError ? err.status : (err.statusCode ?? 500);
    const code = err instanceof HttpError ? err.code : status === 500 ? 'INTERNAL' : 'BAD_REQUEST';
    void reply.status(status).type('application/problem+json').send({ status, code, title: code, detail: code });
  });

  app.get('/readyz', async () => {
    await pool.query('SELECT 1');
    return { status: 'ready' };
  });

  app.post('/transfer', async (request, reply) => {
    const fromId = await payerOf(request.headers.authorization, publicKey);
    const parsed = transferBody.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, 'VALIDATION_FAILED');
    const { toUserId, reason } = parsed.data;
    const amount = coinsToMinorUnits(parsed.data.amount)!;
    if (toUserId === fromId) throw new HttpError(422, 'SELF_TRANSFER');

    const answer = await applyTransfer(pool, fromId, toUserId, amount, reason);
    reply.status(201);
    return answer;
  });

  await app.listen({ host: '127.0.0.1', port: config.BASELINE_PORT });
  const stop = () => {
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`baseline: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

/** The payer: the subject of the bearer token, verified as the gateway does (EdDSA, issuer, audience). */
async function payerOf(header: string | undefined, publicKey: Awaited<ReturnType<typeof importSPKI>>): Promise<number> {
  if (!header?.startsWith('Bearer ')) throw new HttpError(401, 'UNAUTHENTICATED');
  try {
    const { payload } = await jwtVerify(header.slice(7), publicKey, {
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      algorithms: ['EdDSA'],
    });
    return Number(payload.sub);
  } catch {
    throw new HttpError(401, 'UNAUTHENTICATED');
  }
}

/** The transfer in one transaction: both accounts locked in id order, the payer debited, the payee credited, the row written. */
async function applyTransfer(pool: pg.Pool, fromId: number, toUserId: number, amount: number, reason: string) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const locked = await client.query<{ id: string; balance: string }>(
      'SELECT id, balance FROM accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE',
      [[fromId, toUserId]],
    );
    const from = locked.rows.find((r) => Number(r.id) === fromId);
    const to = locked.rows.find((r) => Number(r.id) === toUserId);
    if (!from || !to) throw new HttpError(404, 'USER_NOT_FOUND');
    if (Number(from.balance) < amount) throw new HttpError(422, 'INSUFFICIENT_FUNDS');
    const debited = await client.query<{ balance: string }>('UPDATE accounts SET balance = balance - $2 WHERE id = $1 RETURNING balance', [
      fromId,
      amount,
    ]);
    await client.query('UPDATE accounts SET balance = balance + $2 WHERE id = $1', [toUserId, amount]);
    const inserted = await client.query<{ id: string; created_at: Date }>(
      'INSERT INTO transfers (from_id, to_id, amount, reason) VALUES ($1, $2, $3, $4) RETURNING id, created_at',
      [fromId, toUserId, amount, reason],
    );
    await client.query('COMMIT');
    const row = inserted.rows[0]!;
    return {
      transaction: {
        id: Number(row.id),
        type: 'TRANSFER',
        amount: minorUnitsToCoins(amount),
        fromUserId: fromId,
        toUserId,
        reason,
        createdAt: row.created_at.toISOString(),
      },
      wallet: { userId: fromId, balance: minorUnitsToCoins(Number(debited.rows[0]!.balance)) },
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
