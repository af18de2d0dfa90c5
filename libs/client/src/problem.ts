import type { components } from './generated/schema';
import { type CoinResponse, coinResponseOf } from './response';

/** The RFC 9457 problem every error answer of the API carries (application/problem+json). */
export type CoinProblem = components['schemas']['Problem'];

/**
 * A non-2xx answer from the API, thrown by every named operation of the client. `code` is what a
 * program branches on (e.g. INSUFFICIENT_FUNDS); `requestId` is what to quote to the operators.
 * `idempotencyKey` is the key the request was sent with (money calls): after a 504 ask
 * `coin.getCommandStatus(err.idempotencyKey)`, or retry with that same key.
 */
export class CoinProblemError extends Error {
  override readonly name = 'CoinProblemError';
  readonly problem: CoinProblem;
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string;
  readonly errors: NonNullable<CoinProblem['errors']>;
  readonly requestId: string | undefined;
  readonly commandId: string | undefined;
  readonly idempotencyKey: string | undefined;
  /** The HTTP answer (its body already read). */
  readonly response: Response | undefined;
  /** The answer's metadata as a result's `lastResponse` has it (Idempotent-Replayed, Coin-Version, …). */
  readonly lastResponse: CoinResponse | undefined;

  constructor(problem: CoinProblem, options: { idempotencyKey?: string | undefined; response?: Response } = {}) {
    super(`${problem.status} ${problem.code}: ${problem.detail || problem.title}`);
    this.problem = problem;
    this.status = problem.status;
    this.code = problem.code;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = problem.errors ?? [];
    this.requestId = problem.requestId || undefined;
    this.commandId = problem.commandId;
    this.idempotencyKey = options.idempotencyKey;
    this.response = options.response;
    this.lastResponse = options.response ? coinResponseOf(options.response, options.idempotencyKey) : undefined;
  }

  /** This problem has the given code (or one of them). */
  isProblem(...codes: string[]): boolean {
    return codes.includes(this.code);
  }

  /**
   * The error for an answer: the body as the API sent it when it is a problem, otherwise (a proxy's
   * HTML page, an empty body) a problem made from the status, with the code `HTTP_<status>`.
   */
  static fromResponse(response: Response, body: unknown, idempotencyKey?: string): CoinProblemError {
    const problem: CoinProblem = isProblemBody(body)
      ? body
      : {
          type: 'about:blank',
          title: response.statusText || `HTTP ${response.status}`,
          status: response.status,
          detail: typeof body === 'string' ? body.slice(0, 500) : '',
          code: `HTTP_${response.status}`,
          requestId: response.headers.get('x-request-id') ?? '',
        };
    return new CoinProblemError(problem, { idempotencyKey, response });
  }
}

/** The request never got an answer (connection refused or reset, DNS, timeout) after every allowed attempt. */
export class CoinNetworkError extends Error {
  override readonly name = 'CoinNetworkError';
  /** The key the request was sent with: whether a money call happened is known by getCommandStatus(key). */
  readonly idempotencyKey: string | undefined;
  readonly attempts: number;

  constructor(message: string, options: { cause: unknown; idempotencyKey?: string | undefined; attempts: number }) {
    super(message, { cause: options.cause });
    this.idempotencyKey = options.idempotencyKey;
    this.attempts = options.attempts;
  }
}

function isProblemBody(body: unknown): body is CoinProblem {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return typeof b.status === 'number' && typeof b.code === 'string';
}

/**
 * `isProblem(err, 'INSUFFICIENT_FUNDS')`: the error is a CoinProblemError with one of these codes.
 * `isProblem('INSUFFICIENT_FUNDS')` gives that test as a predicate (e.g. for `.catch` or `expect`).
 */
export function isProblem(code: string, ...codes: string[]): (err: unknown) => err is CoinProblemError;
export function isProblem(err: unknown, ...codes: string[]): err is CoinProblemError;
export function isProblem(errOrCode: unknown, ...codes: string[]): boolean | ((err: unknown) => err is CoinProblemError) {
  if (typeof errOrCode === 'string') {
    const wanted = [errOrCode, ...codes];
    return (err: unknown): err is CoinProblemError => err instanceof CoinProblemError && wanted.includes(err.code);
  }
  return errOrCode instanceof CoinProblemError && (codes.length === 0 || codes.includes(errOrCode.code));
}
