import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { type OperationId, operationTable } from './generated/operations';
import type { operations, paths } from './generated/schema';
import { CoinProblemError } from './problem';
import { coinResponseOf, type WithLastResponse, withLastResponse } from './response';
import { type FetchLike, type RetryPolicy, retryingFetch } from './retry';
import { timeoutFetch, timeoutMsOf } from './timeout';

export interface CoinClientOptions {
  /** Where the API is, e.g. https://coin.example.com (no trailing /api). */
  baseUrl: string;
  /** A bearer token, or a function giving the current one (called before every request: refresh it there). */
  accessToken?: string | (() => string | Promise<string>);
  /** A platform API key, sent as x-api-key (the admin money operations accept one beside the token). */
  apiKey?: string;
  /** The fetch to use (default globalThis.fetch): a test's fake, or one with a proxy. */
  fetch?: (input: Request) => Promise<Response>;
  /** Retries of what is safe to retry; `{ attempts: 1 }` turns them off. */
  retry?: RetryPolicy;
  /**
   * How long each attempt may wait for its answer, body included (ms; default 30,000; 0: no limit).
   * An attempt past it is aborted and counts as a lost connection: a keyed or safe call is retried
   * with the same key, and the last one throws CoinNetworkError whose `cause` is a TimeoutError.
   * A balance stream's body is not timed, only its first answer. The call's own `signal` still
   * aborts sooner.
   */
  timeoutMs?: number;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /**
   * The API version (X.Y.Z) to pin, sent as `Coin-Version` on every request that does not set its
   * own: answers keep that version's shape (docs/VERSIONING.md "Pinning a version"). Absent, the
   * gateway answers as the version the platform client was created with, or the newest.
   */
  version?: string;
}

// ---- Types of the named operations, from the generated `operations` of the document ----

type Operation<Id extends OperationId> = operations[Id];
type ParametersOf<O> = O extends { parameters: infer P } ? P : never;
type JsonOf<C> = C extends { 'application/json': infer T } ? T : C extends Record<string, infer T> ? T : never;

type BodyInput<O> = O extends { requestBody: { content: infer C } }
  ? { body: JsonOf<C> }
  : O extends { requestBody?: { content: infer C } }
    ? { body?: JsonOf<C> }
    : { body?: never };

type PathInput<O> = ParametersOf<O> extends { path: infer P } ? ([P] extends [never] ? unknown : { path: P }) : unknown;

type QueryInput<O> =
  ParametersOf<O> extends { query: infer Q }
    ? [Q] extends [never]
      ? unknown
      : { query: Q }
    : ParametersOf<O> extends { query?: infer Q }
      ? [NonNullable<Q>] extends [never]
        ? unknown
        : { query?: Q }
      : unknown;

type KeyInput<Id extends OperationId> = (typeof operationTable)[Id]['idempotencyKey'] extends true
  ? {
      /** The Idempotency-Key: generated once per call when not given, and reused by every retry of the call. */
      idempotencyKey?: string;
    }
  : unknown;

/** What every named operation accepts beside its body and parameters. */
export interface CallOptions {
  /** Extra headers for this call (e.g. another Authorization than the client's). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The argument of the operation `Id`: its JSON body, path and query parameters, and for money calls the key. */
export type OperationInput<Id extends OperationId> = BodyInput<Operation<Id>> &
  PathInput<Operation<Id>> &
  QueryInput<Operation<Id>> &
  KeyInput<Id> &
  CallOptions;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;
type ContentOf<R> = R extends { content: infer C } ? JsonOf<C> : undefined;
type ResponsesOf<O> = O extends { responses: infer R } ? R : never;

/** What the operation `Id` resolves to: the body of its 2xx answer (undefined for 204). */
export type OperationResult<Id extends OperationId> = {
  [S in keyof ResponsesOf<Operation<Id>> & SuccessStatus]: ContentOf<ResponsesOf<Operation<Id>>[S]>;
}[keyof ResponsesOf<Operation<Id>> & SuccessStatus];

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type ArgsOf<Id extends OperationId> = [RequiredKeys<OperationInput<Id>>] extends [never]
  ? [input?: OperationInput<Id>]
  : [input: OperationInput<Id>];

/**
 * One method per operationId of the document; each throws CoinProblemError for a non-2xx answer.
 * The body it resolves to carries the answer's status and headers as `lastResponse` (not enumerable).
 */
export type CoinOperations = {
  [Id in OperationId]: (...args: ArgsOf<Id>) => Promise<WithLastResponse<OperationResult<Id>>>;
};

export type CoinClient = Omit<CoinOperations, 'getCommandStatus'> & {
  /**
   * GET /api/commands/{idempotencyKey}: what became of a money call sent with that key (after a
   * 504 or a lost connection): IN_PROGRESS, or DONE with the status and body it was answered with.
   */
  getCommandStatus(keyOrInput: string | OperationInput<'getCommandStatus'>): Promise<WithLastResponse<OperationResult<'getCommandStatus'>>>;
  /**
   * The typed openapi-fetch client (`coin.api.POST('/api/coins/transfer', { body })`): it returns
   * `{ data, error, response }` and throws nothing for an error answer. Keys, authentication and
   * retries apply as for the named operations.
   */
  api: Client<paths>;
  /** operationId -> method, path and whether it takes an Idempotency-Key. */
  operations: typeof operationTable;
};

/**
 * The coin ledger's API client:
 *
 *   const coin = createCoinClient({ baseUrl, accessToken });
 *   const { transaction, wallet } = await coin.transferCoins({ body: { toUserId: 43, amount: 12.5, reason: 'lunch' } });
 *
 * Money calls (every operation whose document declares an Idempotency-Key header) get a key made
 * once per call (crypto.randomUUID) unless one is given; only calls with a key, and GETs, are
 * retried, and a retry always resends the same key. A non-2xx answer throws CoinProblemError.
 * A result that is an object carries the answer's metadata as `result.lastResponse` (CoinResponse:
 * status, headers, requestId, idempotentReplayed, coinVersion, deprecation, …), not enumerable.
 */
export function createCoinClient(options: CoinClientOptions): CoinClient {
  const baseFetch: FetchLike = options.fetch ?? ((input) => globalThis.fetch(input));
  const api = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    // Timed inside the retries: each attempt has the whole limit, and a timed-out one is retried as a lost connection.
    fetch: retryingFetch(timeoutFetch(baseFetch, timeoutMsOf(options.timeoutMs)), options.retry),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  api.use(credentials(options), idempotencyKeys());

  const call = async (id: OperationId, input: UntypedInput = {}): Promise<unknown> => {
    const entry = operationTable[id];
    const { body, path, query, idempotencyKey, headers, signal } = input;
    const key: string | undefined = entry.idempotencyKey ? (idempotencyKey ?? newKey()) : undefined;
    const init = {
      params: { ...(path ? { path } : {}), ...(query ? { query } : {}) },
      ...(body !== undefined ? { body } : {}),
      headers: { ...(headers ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
      ...(signal ? { signal } : {}),
    };
    const { data, error, response } = await (api.request as (m: string, p: string, i: unknown) => ReturnType<typeof api.GET>)(
      entry.method,
      entry.path,
      init,
    );
    if (!response.ok) throw CoinProblemError.fromResponse(response, error, key);
    // A dry run (`query: { dryRun: 'true' }`) must come back as one: a server that took no dry run applied the call.
    if (query?.['dryRun'] === 'true' && (data as { dryRun?: unknown } | undefined)?.dryRun !== true) {
      throw new CoinDryRunIgnoredError(response.status, key);
    }
    return withLastResponse(data, coinResponseOf(response, key));
  };

  const named: Record<string, unknown> = {};
  for (const id of Object.keys(operationTable) as OperationId[]) named[id] = (input?: UntypedInput) => call(id, input);
  named.getCommandStatus = (keyOrInput: string | UntypedInput) =>
    call('getCommandStatus' as OperationId, typeof keyOrInput === 'string' ? { path: { idempotencyKey: keyOrInput } } : keyOrInput);
  return { ...(named as CoinOperations), api, operations: operationTable } as CoinClient;
}

/**
 * A call sent as a dry run (`query: { dryRun: 'true' }`) whose 2xx answer is not one (no
 * `dryRun: true`): the server applied it (one that takes no dry run). Its Idempotency-Key names
 * the call that was applied.
 */
export class CoinDryRunIgnoredError extends Error {
  constructor(
    readonly status: number,
    readonly idempotencyKey: string | undefined,
  ) {
    super(
      `A dry run was answered ${status} without dryRun: true: the server applied the call (Idempotency-Key ${idempotencyKey ?? 'none'})`,
    );
    this.name = 'CoinDryRunIgnoredError';
  }
}

/** A named operation's argument once past its typed signature. */
interface UntypedInput {
  body?: unknown;
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function newKey(): string {
  return globalThis.crypto.randomUUID();
}

/** Authorization (bearer), x-api-key and Coin-Version on every request that does not set its own. */
function credentials(options: CoinClientOptions): Middleware {
  return {
    async onRequest({ request }) {
      if (options.accessToken !== undefined && !request.headers.has('authorization')) {
        const token = typeof options.accessToken === 'function' ? await options.accessToken() : options.accessToken;
        if (token) request.headers.set('authorization', `Bearer ${token}`);
      }
      if (options.apiKey && !request.headers.has('x-api-key')) request.headers.set('x-api-key', options.apiKey);
      if (options.version && !request.headers.has('coin-version')) request.headers.set('coin-version', options.version);
      return request;
    },
  };
}

/** A money call through `coin.api` without a key gets one, made once for the call. */
function idempotencyKeys(): Middleware {
  const keyed = new Set(
    Object.values(operationTable)
      .filter((op) => op.idempotencyKey)
      .map((op) => `${op.method.toUpperCase()} ${op.path}`),
  );
  return {
    onRequest({ request, schemaPath }) {
      if (keyed.has(`${request.method.toUpperCase()} ${schemaPath}`) && !request.headers.has('idempotency-key'))
        request.headers.set('idempotency-key', newKey());
      return request;
    },
  };
}
