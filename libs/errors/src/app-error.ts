import { errorCatalog, statusOf, type ErrorCode } from './codes';

export interface FieldError {
  path: string;
  message: string;
}

/** A handled error of the world (bad input, missing user, ...), never a programmer error. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  /** Extra, safe-to-show members of the problem body (e.g. commandId on a timeout). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, detail?: string, options?: { errors?: FieldError[]; extra?: Record<string, unknown> }) {
    super(detail ?? errorCatalog[code].title);
    this.name = 'AppError';
    this.code = code;
    this.errors = options?.errors;
    this.extra = options?.extra;
  }

  get status(): number {
    return statusOf(this.code);
  }

  /** The serialisable form carried in Kafka replies between services. */
  toWire(): WireError {
    return {
      code: this.code,
      detail: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.extra ? { extra: this.extra } : {}),
    };
  }

  static fromWire(wire: WireError): AppError {
    return new AppError(wire.code as ErrorCode, wire.detail, {
      ...(wire.errors ? { errors: wire.errors } : {}),
      ...(wire.extra ? { extra: wire.extra } : {}),
    });
  }
}

export interface WireError {
  code: string;
  detail: string;
  errors?: FieldError[];
  /** Safe-to-show members of the problem body beside the standard ones (LIMIT_EXCEEDED: `limit`). */
  extra?: Record<string, unknown>;
}

export function validationError(errors: FieldError[], detail = 'The request is invalid'): AppError {
  return new AppError('VALIDATION_FAILED', detail, { errors });
}

/**
 * A rule the code itself guarantees was broken (a bug, or data no code path should have written):
 * never a condition of the world. Retrying the same input breaks it again, so a consumer sets the
 * message aside instead of retrying it for ever (docs/RELIABILITY.md "Failure classes").
 */
export class InvariantViolation extends Error {
  constructor(detail: string) {
    super(`invariant: ${detail}`);
    this.name = 'InvariantViolation';
  }
}
