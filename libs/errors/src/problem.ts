import { AppError, type FieldError } from './app-error';
import { errorCatalog, isErrorCode, statusOf } from './codes';

/** RFC 9457 problem details as served by the gateway (SPEC §7). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  requestId: string;
  errors?: FieldError[];
  [extra: string]: unknown;
}

export const problemTypeBase = 'https://docs.coin-ledger.dev/problems/';

export function problemOf(err: AppError, requestId: string): Problem {
  const code = isErrorCode(err.code) ? err.code : 'INTERNAL';
  return {
    ...(err.extra ?? {}),
    type: problemTypeBase + code.toLowerCase().replace(/_/g, '-'),
    title: errorCatalog[code].title,
    status: statusOf(code),
    detail: err.message,
    code,
    requestId,
    ...(err.errors ? { errors: err.errors } : {}),
  };
}

/** Anything that is not an AppError is a bug or an outage: never show its message. */
export function internalProblem(requestId: string): Problem {
  return problemOf(new AppError('INTERNAL', 'An unexpected error occurred; it has been logged'), requestId);
}
