import { AppError, type WireError } from './app-error';
import type { ErrorCode } from './codes';

/**
 * A command refused by its rules, as a pure decider returns it (the ledger's and the user
 * service's command modules): data, no stack, so a decision is a plain value. The service answers
 * it as its problem (`wireOf`), or throws it where a handler refuses (`errorOf`).
 */
export interface Rejected {
  ok: false;
  code: ErrorCode;
  detail: string;
  /** Safe-to-show members of the problem body (LIMIT_EXCEEDED: which limit and when it resets). */
  extra?: Record<string, unknown>;
}

export function rejected(code: ErrorCode, detail: string, extra?: Record<string, unknown>): Rejected {
  return extra ? { ok: false, code, detail, extra } : { ok: false, code, detail };
}

/** The refusal as the error a handler throws. */
export function errorOf(refusal: Rejected): AppError {
  return new AppError(refusal.code, refusal.detail, refusal.extra ? { extra: refusal.extra } : {});
}

/** The refusal as a reply carries it between services. */
export function wireOf(refusal: Rejected): WireError {
  return errorOf(refusal).toWire();
}
