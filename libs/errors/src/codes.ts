/**
 * The one list of error codes (SPEC §7). Services raise an AppError with a code; only the
 * gateway turns the code's kind into an HTTP status and an RFC 9457 body.
 */
export type ErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unprocessable'
  | 'rate-limited'
  | 'unavailable'
  | 'timeout'
  | 'internal';

export const statusByKind: Readonly<Record<ErrorKind, number>> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unprocessable: 422,
  'rate-limited': 429,
  unavailable: 503,
  timeout: 504,
  internal: 500,
};

export const errorCatalog = {
  VALIDATION_FAILED: { kind: 'validation', title: 'Validation failed' },
  MALFORMED_JSON: { kind: 'validation', title: 'Malformed JSON body' },
  UNAUTHENTICATED: { kind: 'unauthenticated', title: 'Authentication required' },
  TOKEN_EXPIRED: { kind: 'unauthenticated', title: 'Access token expired' },
  API_KEY_INVALID: { kind: 'unauthenticated', title: 'API key missing, invalid or revoked' },
  FORBIDDEN: { kind: 'forbidden', title: 'Insufficient permissions' },
  API_KEY_SCOPE: { kind: 'forbidden', title: 'API key lacks the required scope' },
  NOT_FOUND: { kind: 'not-found', title: 'Not found' },
  USER_NOT_FOUND: { kind: 'not-found', title: 'User not found' },
  TRANSACTION_NOT_FOUND: { kind: 'not-found', title: 'Transaction not found' },
  WALLET_NOT_FOUND: { kind: 'not-found', title: 'Wallet not found' },
  EMAIL_TAKEN: { kind: 'conflict', title: 'Email already registered' },
  LAST_SUPERADMIN: { kind: 'conflict', title: 'The last SUPERADMIN cannot be demoted or deleted' },
  REQUEST_IN_PROGRESS: { kind: 'conflict', title: 'A request with this Idempotency-Key is in progress' },
  PAYLOAD_TOO_LARGE: { kind: 'too-large', title: 'Payload too large' },
  INSUFFICIENT_FUNDS: { kind: 'unprocessable', title: 'Insufficient funds' },
  SELF_TRANSFER: { kind: 'unprocessable', title: 'Cannot transfer to yourself' },
  RECIPIENT_CLOSED: { kind: 'unprocessable', title: 'Recipient wallet is closed' },
  REFUND_EXCEEDS_PURCHASE: { kind: 'unprocessable', title: 'Refund exceeds the purchase' },
  NOT_REFUNDABLE: { kind: 'unprocessable', title: 'Transaction is not refundable' },
  IDEMPOTENCY_KEY_REUSED: { kind: 'unprocessable', title: 'Idempotency-Key reused with a different request' },
  BALANCE_LIMIT_EXCEEDED: { kind: 'unprocessable', title: 'A balance or running total would exceed the largest amount the ledger holds' },
  COMMAND_FAILED: { kind: 'unprocessable', title: 'The command could not be applied and was set aside' },
  RATE_LIMITED: { kind: 'rate-limited', title: 'Too many requests' },
  UNAVAILABLE: { kind: 'unavailable', title: 'Service unavailable' },
  TIMEOUT: { kind: 'timeout', title: 'The command did not complete in time' },
  INTERNAL: { kind: 'internal', title: 'Internal server error' },
} as const satisfies Record<string, { kind: ErrorKind; title: string }>;

export type ErrorCode = keyof typeof errorCatalog;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(errorCatalog, value);
}

export function statusOf(code: ErrorCode): number {
  return statusByKind[errorCatalog[code].kind];
}
