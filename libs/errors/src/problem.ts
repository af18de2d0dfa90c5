import { AppError, type FieldError } from './app-error';
import { errorCatalog, isErrorCode, statusOf, type ErrorCode } from './codes';

/** RFC 9457 problem details as served by the gateway (docs/CONTRACT.md "Errors"). */
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

/**
 * Problem `type` URIs are relative references to the gateway's own pages (`GET /problems/{slug}`):
 * RFC 9457 §3.1.1 resolves them against the URI of the request, so they point at whichever host
 * and scheme the caller reached the gateway by, behind any proxy, with no public URL to configure
 * (and get wrong). Clients should branch on `code`; the URI is for people.
 */
export const problemTypeBase = '/problems/';

/** The code as it appears in its problem type URI: TRANSACTION_NOT_FOUND → transaction-not-found. */
export function problemSlugOf(code: ErrorCode): string {
  return code.toLowerCase().replace(/_/g, '-');
}

export function problemTypeOf(code: ErrorCode): string {
  return problemTypeBase + problemSlugOf(code);
}

/** The code a slug names, or null: only the exact slug of a catalog code is one. */
export function errorCodeOfSlug(slug: string): ErrorCode | null {
  if (!/^[a-z]+(?:-[a-z]+)*$/.test(slug)) return null;
  const code = slug.toUpperCase().replace(/-/g, '_');
  return isErrorCode(code) ? code : null;
}

export function problemOf(err: AppError, requestId: string): Problem {
  const code = isErrorCode(err.code) ? err.code : 'INTERNAL';
  return {
    ...(err.extra ?? {}),
    type: problemTypeOf(code),
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
