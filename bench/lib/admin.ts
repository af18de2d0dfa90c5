/**
 * An operator for a process stack: the first SUPERADMIN (created as `npm start` creates it, from
 * configuration), its access token, and an API key with the mint scope, all through the real
 * API. Funding then goes through real MINT commands, so Σ balances == Σ MINT − Σ BURN holds.
 * A key is a two-person act (docs/DESIGN.md "Two-person acts"): a second SUPERADMIN, made by the
 * operator CLI's path before anything is asked, approves what the first asks for.
 */
import { randomUUID } from 'node:crypto';
import { createPool, schemaName } from '@coin/db';
import { createSuperadmin } from '@coin/user';
import { bootstrapSuperadmin } from '../../scripts/stack/bootstrap-admin';
import { enrolSecondFactor, stepUp, type TotpDevice } from '../../scripts/stack/totp';
import { type JsonResponse, mapConcurrent, requestJson } from './http';

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
  /** The second SUPERADMIN approves a grant request the operator asked for (a role grant, a key, a client). */
  approveGrant(requestId: string): Promise<void>;
  /** The second SUPERADMIN approves a commission rule's change the operator asked for (PUT /api/admin/commission-rules). */
  approveCommissionChange(requestId: string): Promise<void>;
}

/** Well inside STEP_UP_MAX_AGE_S (300 s): approving is a step-up operation. */
const stepUpEveryMs = 200_000;

/** Logins tried at most, and the pause between them, while the gateway answers 503. */
const loginAttemptsMax = 10;
const loginRetryPauseMs = 1_000;

/**
 * POST /api/auth/login, tried again while it answers 503: "retry later", the gateway's call to the
 * user service timed out. A stack just started on a slow box does (the first login of the short
 * bank test's set-up, with four services starting and joining their groups on a machine running
 * two threads at half speed); a client retries it, and so does this set-up. Any other answer, or
 * the last 503, is the caller's to judge.
 */
async function logIn(gatewayUrl: string, email: string, password: string): Promise<JsonResponse> {
  for (let attempt = 1; ; attempt += 1) {
    const login = await requestJson(gatewayUrl, 'POST', '/api/auth/login', { body: { email, password } });
    if (login.status !== 503 || attempt >= loginAttemptsMax) return login;
    await new Promise((resolve) => setTimeout(resolve, loginRetryPauseMs));
  }
}

/**
 * A second SUPERADMIN, made as `npm run admin -- create-superadmin` makes one (the database), signed
 * in with its second factor: it approves the grant requests of the first.
 */
async function createCoSigner(input: {
  gatewayUrl: string;
  userDatabaseUrl: string;
  prefix: string;
}): Promise<Pick<OperatorLogin, 'approveGrant' | 'approveCommissionChange'>> {
  const email = `cosigner.${Date.now().toString(36)}@bench.example`;
  const password = `cosigner-${randomUUID()}`;
  const pool = createPool({ url: input.userDatabaseUrl, schema: schemaName(input.prefix, 'users'), applicationName: 'bench-cosigner' });
  try {
    await createSuperadmin(pool, { email, password, fullName: 'Bench co-signer', topicPrefix: input.prefix, now: new Date() });
  } finally {
    await pool.end();
  }
  const login = await logIn(input.gatewayUrl, email, password);
  if (login.status !== 200) throw new Error(`co-signer login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const { device, session } = await enrolSecondFactor(input.gatewayUrl, login.body.accessToken as string);
  let accessToken = session.accessToken;
  let steppedUpAtMs = Date.now();
  const approve = async (what: string, path: string) => {
    if (Date.now() - steppedUpAtMs > stepUpEveryMs) {
      accessToken = await stepUp(input.gatewayUrl, accessToken, device);
      steppedUpAtMs = Date.now();
    }
    const approved = await requestJson(input.gatewayUrl, 'POST', path, {
      headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': randomUUID() },
    });
    if (approved.status !== 200) throw new Error(`${what} approval failed: ${approved.status} ${JSON.stringify(approved.body)}`);
  };
  return {
    approveGrant: (requestId) => approve('grant', `/api/admin/grant-requests/${requestId}/approve`),
    approveCommissionChange: (requestId) => approve('commission change', `/api/admin/commission-changes/${requestId}/approve`),
  };
}

export async function createOperator(input: { gatewayUrl: string; userDatabaseUrl: string; prefix: string }): Promise<Operator> {
  const {
    email: _email,
    password: _password,
    device: _device,
    approveGrant: _approve,
    approveCommissionChange: _approveChange,
    ...operator
  } = await createOperatorLogin(input);
  return operator;
}

/** createOperator, also returning the SUPERADMIN's e-mail and password. */
export async function createOperatorLogin(input: { gatewayUrl: string; userDatabaseUrl: string; prefix: string }): Promise<OperatorLogin> {
  const email = `operator.${Date.now().toString(36)}@bench.example`;
  const password = `operator-${randomUUID()}`;
  await bootstrapSuperadmin({ databaseUrl: input.userDatabaseUrl, schemaPrefix: input.prefix, topicPrefix: input.prefix, email, password });
  // Before any request: an approver must have been a SUPERADMIN before the request it approves.
  const { approveGrant, approveCommissionChange } = await createCoSigner(input);
  // The bootstrap user's event reaches the ledger through the outbox; login needs only the row.
  const login = await logIn(input.gatewayUrl, email, password);
  if (login.status !== 200) throw new Error(`operator login failed: ${login.status} ${JSON.stringify(login.body)}`);
  // A SUPERADMIN's admin operations need its second factor: enrolled here, as its first sign-in would.
  const { device, session } = await enrolSecondFactor(input.gatewayUrl, login.body.accessToken as string);
  const accessToken = session.accessToken;
  const key = await requestJson(input.gatewayUrl, 'POST', '/api/admin/api-keys', {
    body: { name: 'bench', scopes: ['mint', 'burn', 'refund', 'reward'] },
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (key.status !== 202) throw new Error(`API key request failed: ${key.status} ${JSON.stringify(key.body)}`);
  await approveGrant(key.body.grantRequest.id as string);
  const apiKey = key.body.key as string;
  return {
    accessToken,
    apiKey,
    headers: { authorization: `Bearer ${accessToken}`, 'x-api-key': apiKey },
    email,
    password,
    device,
    approveGrant,
    approveCommissionChange,
  };
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
