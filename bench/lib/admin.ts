/**
 * An operator for a process stack: the first SUPERADMIN (created as `npm start` creates it, from
 * configuration), its access token, and an API key with the mint scope, all through the real
 * API. Funding then goes through real MINT commands, so Σ balances == Σ MINT − Σ BURN holds.
 */
import { randomUUID } from 'node:crypto';
import { bootstrapSuperadmin } from '../../scripts/stack/bootstrap-admin';
import { enrolSecondFactor, type TotpDevice } from '../../scripts/stack/totp';
import { mapConcurrent, requestJson } from './http';

export interface Operator {
  accessToken: string;
  apiKey: string;
  headers: Record<string, string>;
}

/** An operator with the credentials it logs in with (for tools that log in afresh, e.g. the liveness probe). */
export interface OperatorLogin extends Operator {
  email: string;
  password: string;
  /** Its enrolled second factor (a SUPERADMIN signs in with a TOTP code). */
  device: TotpDevice;
}

export async function createOperator(input: { gatewayUrl: string; userDatabaseUrl: string; prefix: string }): Promise<Operator> {
  const { email: _email, password: _password, device: _device, ...operator } = await createOperatorLogin(input);
  return operator;
}

/** createOperator, also returning the SUPERADMIN's e-mail and password. */
export async function createOperatorLogin(input: { gatewayUrl: string; userDatabaseUrl: string; prefix: string }): Promise<OperatorLogin> {
  const email = `operator.${Date.now().toString(36)}@bench.example`;
  const password = `operator-${randomUUID()}`;
  await bootstrapSuperadmin({ databaseUrl: input.userDatabaseUrl, schemaPrefix: input.prefix, topicPrefix: input.prefix, email, password });
  // The bootstrap user's event reaches the ledger through the outbox; login needs only the row.
  const login = await requestJson(input.gatewayUrl, 'POST', '/api/auth/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`operator login failed: ${login.status} ${JSON.stringify(login.body)}`);
  // A SUPERADMIN's admin operations need its second factor: enrolled here, as its first sign-in would.
  const { device, session } = await enrolSecondFactor(input.gatewayUrl, login.body.accessToken as string);
  const accessToken = session.accessToken;
  const key = await requestJson(input.gatewayUrl, 'POST', '/api/admin/api-keys', {
    body: { name: 'bench', scopes: ['mint', 'burn', 'refund', 'reward'] },
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (key.status !== 201) throw new Error(`API key creation failed: ${key.status} ${JSON.stringify(key.body)}`);
  const apiKey = key.body.key as string;
  return { accessToken, apiKey, headers: { authorization: `Bearer ${accessToken}`, 'x-api-key': apiKey }, email, password, device };
}

/** Mints `coins` into each user's wallet through POST /api/admin/mint; returns the minor units minted. */
export async function fundUsers(input: {
  gatewayUrl: string;
  operator: Operator;
  userIds: number[];
  coins: number;
  concurrency?: number;
  onProgress?: (done: number) => void;
}): Promise<number> {
  let done = 0;
  await mapConcurrent(input.userIds, input.concurrency ?? 64, async (userId) => {
    const idempotencyKey = randomUUID();
    for (let attempt = 1; ; attempt += 1) {
      const response = await requestJson(input.gatewayUrl, 'POST', '/api/admin/mint', {
        body: { userId, amount: input.coins, reason: 'bench funding' },
        headers: { ...input.operator.headers, 'idempotency-key': idempotencyKey },
      }).catch((err: Error) => ({ status: 0, body: err.message, contentType: '' }));
      if (response.status === 201) break;
      // 5xx, 409 in progress or a dropped connection: the same key makes the retry safe.
      if ((response.status === 0 || response.status >= 500 || response.status === 409 || response.status === 429) && attempt < 20) {
        await new Promise((r) => setTimeout(r, 200 * attempt));
        continue;
      }
      throw new Error(`mint to user ${userId} failed: ${response.status} ${JSON.stringify(response.body)}`);
    }
    done += 1;
    if (done % 500 === 0) input.onProgress?.(done);
  });
  return input.userIds.length * Math.round(input.coins * 100);
}
