/**
 * The one list of error codes (docs/CONTRACT.md "Errors"). Services raise an AppError with a code; only the
 * gateway turns the code's kind into an HTTP status and an RFC 9457 body.
 */
export type ErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'method-not-allowed'
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
  'method-not-allowed': 405,
  conflict: 409,
  'too-large': 413,
  unprocessable: 422,
  'rate-limited': 429,
  unavailable: 503,
  timeout: 504,
  internal: 500,
};

/**
 * Each code with its kind (the HTTP status), its title (the problem's `title`) and one line on
 * what the caller should do, shown on the code's page (`GET /problems/{code}` on the gateway).
 */
export const errorCatalog = {
  VALIDATION_FAILED: {
    kind: 'validation',
    title: 'Validation failed',
    action: 'Fix the fields named in `errors` (path and message) and send the request again.',
  },
  MALFORMED_JSON: {
    kind: 'validation',
    title: 'Malformed JSON body',
    action: 'Send a well-formed JSON body with content-type application/json.',
  },
  CURSOR_MISMATCH: {
    kind: 'validation',
    title: 'The cursor belongs to another list',
    action:
      'Pass the nextCursor that this same list (the same route, and for a statement the same wallet and period) returned, or start again from the first page without a cursor.',
  },
  UNAUTHENTICATED: {
    kind: 'unauthenticated',
    title: 'Authentication required',
    action: 'Send a valid access token (Authorization: Bearer …); log in again or refresh if it was revoked.',
  },
  TOKEN_EXPIRED: {
    kind: 'unauthenticated',
    title: 'Access token expired',
    action: 'Get a new access token with your refresh token (POST /api/auth/refresh), then retry.',
  },
  API_KEY_INVALID: {
    kind: 'unauthenticated',
    title: 'API key missing, invalid, revoked or not yours',
    action: 'Send a valid, unrevoked API key issued to you in x-api-key; ask a SUPERADMIN for one.',
  },
  MFA_CODE_INVALID: {
    kind: 'unauthenticated',
    title: 'The second-factor code is wrong, used or expired',
    action:
      'Enter the current code of your authenticator app (a code works once), or one of your unused recovery codes; sign in again if the challenge has expired.',
  },
  FORBIDDEN: {
    kind: 'forbidden',
    title: 'Insufficient permissions',
    action: 'Use an account whose role allows this operation; retrying with the same token will not help.',
  },
  MFA_REQUIRED: {
    kind: 'forbidden',
    title: 'Admins need a second factor',
    action:
      'Enrol an authenticator app (POST /api/auth/mfa/enrolment, then /confirm with a code), or sign in with your TOTP code: admin operations need a session with a second factor.',
  },
  STEP_UP_REQUIRED: {
    kind: 'forbidden',
    title: 'A fresh second factor is required',
    action: 'Confirm with a current TOTP code (POST /api/auth/mfa/step-up), then retry with the new access token.',
  },
  APPROVAL_BY_REQUESTER: {
    kind: 'forbidden',
    title: 'The requester cannot approve their own request',
    action: 'Ask another ADMIN+ (with an API key of the same scope) to approve it.',
  },
  APPROVER_NOT_ELIGIBLE: {
    kind: 'forbidden',
    title: 'Only someone who held a role that decides the act before the request may approve it',
    action:
      "Ask another person who held the role the act's deciders name (a SUPERADMIN, or an ADMIN+) when the request was made; someone promoted since, or holding another role, cannot approve it. With an access token signed before it carried `role_since`, sign in again.",
  },
  FOUR_EYES_REQUIRED: {
    kind: 'forbidden',
    title: 'A second person is required',
    // Answered by the monitoring service: a loosening of a rule, or the closing of a case that
    // froze a wallet, is recorded as proposed and waits for a different ADMIN+ to make the same change.
    action:
      'Ask another ADMIN+: loosening a monitoring rule, or closing a case that froze a wallet, was recorded as proposed and takes effect when they make the same change; verifying an ADMIN or SUPERADMIN account is asked for with POST /api/admin/users/{id}/verification-requests and takes effect when they approve it.',
  },
  SELF_DEALING: {
    kind: 'forbidden',
    title: 'No one pays themselves',
    action: 'Ask another ADMIN+ to do it: no admin mints, rewards or refunds to their own wallet, or approves a payment to themselves.',
  },
  API_KEY_SCOPE: {
    kind: 'forbidden',
    title: 'API key lacks the required scope',
    action: 'Use an API key that has the scope this operation needs (mint, burn, refund or reward).',
  },
  TEST_USERS_LIMIT: {
    kind: 'unprocessable',
    title: 'The test-mode client keeps as many test users as it may',
    action: 'Delete your test data (POST /api/sandbox/reset), which deletes your test users, then make new ones.',
  },
  TEST_CLIENTS_LIMIT: {
    kind: 'unprocessable',
    title: 'The platform client keeps as many test clients as it may',
    action: 'Revoke one of your test clients you no longer use (POST /api/platform/test-clients/{id}/revoke), then make the new one.',
  },
  SANDBOX_FUND_LIMIT: {
    kind: 'unprocessable',
    title: 'More test coins than one sandbox funding mints',
    action: 'Fund at most 1,000,000 test coins a call (POST /api/sandbox/fund); call again for more.',
  },
  TEST_MODE_CREDENTIALS: {
    kind: 'forbidden',
    title: 'Test-mode credentials cannot act on real money',
    action:
      'Use a live platform client for this: a test-mode client (id starting with test_) is refused everywhere real balances are (docs/decisions/0018-sandbox.md).',
  },
  NOT_FOUND: { kind: 'not-found', title: 'Not found', action: 'Check the path: nothing is served there.' },
  METHOD_NOT_ALLOWED: {
    kind: 'method-not-allowed',
    title: 'Method not allowed',
    action: 'Use one of the methods the Allow header lists for this path (the OpenAPI document at /openapi.json has them all).',
  },
  USER_NOT_FOUND: {
    kind: 'not-found',
    title: 'User not found',
    action: 'Check the user id: no such user exists, or the account was deleted.',
  },
  TRANSACTION_NOT_FOUND: {
    kind: 'not-found',
    title: 'Transaction not found',
    action: 'Check the transaction id: it does not exist, or you are not a party to it.',
  },
  APPROVAL_NOT_FOUND: {
    kind: 'not-found',
    title: 'Approval request not found',
    action: 'Check the id: it is the `id` of the approval request the 202 answered with (GET /api/admin/approvals lists them).',
  },
  HOLD_NOT_FOUND: {
    kind: 'not-found',
    title: 'Hold not found',
    action: 'Check the hold id: it is the `id` of the hold the payer placed.',
  },
  MANDATE_NOT_FOUND: {
    kind: 'not-found',
    title: 'Mandate not found',
    action: 'Check the mandate id (GET /api/wallets/me/mandates lists your mandates).',
  },
  WALLET_NOT_FOUND: {
    kind: 'not-found',
    title: 'Wallet not found',
    action: "Check the user: no wallet exists for it (yet); a new account's wallet appears within a moment.",
  },
  APPROVAL_NOT_PENDING: {
    kind: 'conflict',
    title: 'The approval request is no longer pending',
    action:
      'Nothing to do: it was approved, rejected or has expired (GET /api/admin/approvals shows which); request the operation again if it is still needed.',
  },
  CASE_NOT_OPEN: {
    kind: 'conflict',
    title: 'The monitoring case is resolved',
    action:
      'Nothing to do: a resolved case takes no more steps (GET it to see its resolution); a new flagged transaction opens a new case.',
  },
  HOLD_NOT_PENDING: {
    kind: 'conflict',
    title: 'The hold is no longer pending',
    action: 'Nothing to do: the hold was captured, voided or has expired (GET it to see which); place a new hold if needed.',
  },
  MANDATE_NOT_ACTIVE: {
    kind: 'conflict',
    title: 'The mandate no longer charges',
    action: 'Nothing to do: it was cancelled or has ended (GET it to see which); grant a new mandate if needed.',
  },
  MANDATE_CHARGE_NOT_DUE: {
    kind: 'conflict',
    title: 'No charge of the mandate is due for that period',
    action:
      'Nothing to do: the period is paid already, or has not started, or its next attempt is later (GET the mandate: nextPeriod, nextChargeAt).',
  },
  EMAIL_TAKEN: { kind: 'conflict', title: 'Email already registered', action: 'Log in with that e-mail, or register with another one.' },
  LAST_SUPERADMIN: {
    kind: 'conflict',
    title: 'The last SUPERADMIN cannot be demoted or deleted',
    action: 'Make another user SUPERADMIN first, then change or delete this one.',
  },
  GRANT_REQUEST_OUTDATED: {
    kind: 'conflict',
    title: 'The request no longer fits the account it names',
    action:
      'Read the account again: its role changed, or the requester is no longer a SUPERADMIN, since the request was made; reject this one and ask again if still needed.',
  },
  MFA_ALREADY_ENROLLED: {
    kind: 'conflict',
    title: 'A second factor is already enrolled',
    action:
      'Sign in with it; if the authenticator is lost, sign in with a recovery code or ask an operator to reset it (npm run admin -- reset-mfa).',
  },
  PLATFORM_CLIENT_REVOKED: {
    kind: 'conflict',
    title: 'The platform client is revoked',
    action:
      'Its webhook endpoints can still be listed, read and deleted, not added, enabled, rotated or redelivered; register a new client if the integration is to go on.',
  },
  REQUEST_IN_PROGRESS: {
    kind: 'conflict',
    title: 'A request with this Idempotency-Key is in progress',
    action: 'Wait for the first request, or ask GET /api/commands/{key}, then retry with the same Idempotency-Key.',
  },
  COMMAND_ANSWER_NOT_SHOWN: {
    kind: 'conflict',
    title: "This request's answer is not shown by GET /api/commands/{key}",
    action:
      'Send the request again with the same Idempotency-Key and body: it is answered from its stored outcome (Idempotent-Replayed: true), and nothing is applied twice.',
  },
  PAYLOAD_TOO_LARGE: {
    kind: 'too-large',
    title: 'Payload too large',
    action: 'Send a smaller body (at most 16 KiB; a payout at most 256 KiB).',
  },
  INSUFFICIENT_FUNDS: {
    kind: 'unprocessable',
    title: 'Insufficient funds',
    action: 'Send a smaller amount, or add coins to the paying wallet first; a retry with the same key gets the same answer.',
  },
  SELF_TRANSFER: { kind: 'unprocessable', title: 'Cannot transfer to yourself', action: 'Transfer to another user or to a treasury.' },
  SELF_REFERRAL: {
    kind: 'unprocessable',
    title: 'A buyer cannot be their own affiliate',
    action: 'Name another user as the affiliate, or buy without one.',
  },
  REFERRAL_INVALID: {
    kind: 'unprocessable',
    title: 'The referral does not hold for this purchase',
    action:
      'Ask the platform that referred you for a new referral (POST /api/platform/referrals) for this buyer, treasury and reference, or buy without an affiliate.',
  },
  COMMISSION_RULE_MISSING: {
    kind: 'unprocessable',
    title: 'No commission rule for this platform client and treasury',
    action: 'Buy without an affiliate, or ask an ADMIN+ to set a commission rule for this platform client and treasury first.',
  },
  TREASURY_NOT_GRANTED: {
    kind: 'unprocessable',
    title: 'The platform client is not granted this treasury',
    action: 'Set a commission rule only for a treasury the platform client was granted when it was registered.',
  },
  COMMISSION_OUT_OF_RANGE: {
    kind: 'unprocessable',
    title: 'The commission would be zero or would take the whole purchase',
    action: 'Buy a larger amount (or without an affiliate): the commission must be at least 0.01 coin and less than the purchase.',
  },
  RECIPIENT_CLOSED: {
    kind: 'unprocessable',
    title: 'Recipient wallet is closed',
    action: 'Pick another recipient: this account was deleted and receives no coins.',
  },
  WALLET_FROZEN: {
    kind: 'conflict',
    title: "The wallet's outgoing movements are frozen",
    action:
      'Nothing leaves a frozen wallet (coins sent to it still land); ask the platform or an ADMIN about the freeze. An ADMIN+ asks to lift it and a different ADMIN+ approves.',
  },
  WALLET_ALREADY_FROZEN: {
    kind: 'conflict',
    title: 'The wallet is already frozen',
    action: 'Nothing to do: the existing freeze holds (GET the user to see its reason and case).',
  },
  WALLET_NOT_FROZEN: {
    kind: 'conflict',
    title: 'The wallet is not frozen',
    action: 'Nothing to lift: read the wallet again; another ADMIN+ may have lifted the freeze already.',
  },
  UNFREEZE_NOT_REQUESTED: {
    kind: 'conflict',
    title: 'No unfreeze request is pending',
    action: 'An ADMIN+ asks to lift the freeze first (POST .../freeze/unfreeze-request); a different ADMIN+ then approves it.',
  },
  CASHOUT_NOT_APPROVED: {
    kind: 'forbidden',
    title: 'The cash-out waits for a second person',
    action:
      'Claim and pay it only once an ADMIN+ other than its payer approved it (POST /api/admin/cashouts/{id}/approve); then claim it, or send CONFIRMED, again.',
  },
  UNFREEZE_BY_REQUESTER: {
    kind: 'forbidden',
    title: 'The requester cannot approve their own unfreeze',
    action: 'Ask another ADMIN+ to approve it: lifting a freeze takes two people.',
  },
  REFUND_EXCEEDS_PURCHASE: {
    kind: 'unprocessable',
    title: 'Refund exceeds the purchase',
    action: 'Refund at most what is left of the purchase (omit amount to refund all of it).',
  },
  NOT_REFUNDABLE: {
    kind: 'unprocessable',
    title: 'Transaction is not refundable',
    action: 'Refund a PURCHASE transaction; other transactions cannot be refunded.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    kind: 'unprocessable',
    title: 'Idempotency-Key reused with a different request',
    action: 'Use a new Idempotency-Key for a new request; a key is for retrying the very same request.',
  },
  HOLDS_BULK_LIMIT: {
    kind: 'unprocessable',
    title: 'Too many holds in one bulk capture or void',
    action:
      'Send at most 500 holds per call (`holdsPerBulkMax`); split a longer list into several calls, each with its own Idempotency-Key.',
  },
  BALANCE_LIMIT_EXCEEDED: {
    kind: 'unprocessable',
    title: 'A balance or running total would exceed the largest amount the ledger holds',
    action: 'Move a smaller amount; the wallet or its totals are at the largest amount the ledger holds.',
  },
  LIMIT_EXCEEDED: {
    kind: 'unprocessable',
    title: 'A spending limit of the wallet would be passed',
    action: 'Wait until `limit.resetsAt`, or move less; an ADMIN can change the limits (PUT /api/admin/users/{id}/limits).',
  },
  API_KEY_OWNER_NOT_ADMIN: {
    kind: 'unprocessable',
    title: 'An API key is issued to an ADMIN or SUPERADMIN',
    action: 'Name an ADMIN or SUPERADMIN in ownerUserId (or leave it out to issue the key to yourself), or change the role first.',
  },
  REWARD_CAP_ABOVE_CEILING: {
    kind: 'unprocessable',
    title: "The client's daily reward cap is above the deployment's ceiling",
    action:
      'Ask for a cap at or below PLATFORM_CLIENT_DAILY_REWARD_CAP_MAX_COINS (the detail says it), or leave it out for the ledger default.',
  },
  CAPTURE_EXCEEDS_HOLD: {
    kind: 'unprocessable',
    title: 'Capture exceeds the hold',
    action: 'Capture at most the held amount (omit amount to capture all of it).',
  },
  CHARGE_EXCEEDS_MANDATE: {
    kind: 'unprocessable',
    title: 'The charge exceeds what the mandate allows in one period',
    action: "Charge at most the mandate's maxPerPeriod.",
  },
  // A command a consumer refused before any apply (it broke the command contract: a forged or
  // revoked proof, a key or topic it may not travel under, a treasury a sandbox client was not
  // granted): the request's fault, so a 4xx; nothing changed.
  COMMAND_REFUSED: {
    kind: 'unprocessable',
    title: 'The command was refused before it was applied',
    action:
      'Nothing changed. Check the credentials and the treasury the request uses; if it looks right, report the request id to the operators.',
  },
  // A 500: the service failed to apply a command it had accepted (set aside), not the caller's
  // request, which was valid; stored, so a retry with the same key answers the same.
  COMMAND_FAILED: {
    kind: 'internal',
    title: 'The command could not be applied and was set aside',
    action: 'Do not retry it as is; report the request id to the operators, who have the command set aside.',
  },
  RATE_LIMITED: { kind: 'rate-limited', title: 'Too many requests', action: 'Wait for the seconds in Retry-After, then retry.' },
  UNAVAILABLE: {
    kind: 'unavailable',
    title: 'Service unavailable',
    action: 'Retry after Retry-After (or a short pause); with the same Idempotency-Key a retry is safe.',
  },
  TIMEOUT: {
    kind: 'timeout',
    title: 'The command did not complete in time',
    action: 'Ask GET /api/commands/{key} or retry the request with the same Idempotency-Key: either is safe and tells you the outcome.',
  },
  INTERNAL: {
    kind: 'internal',
    title: 'Internal server error',
    action: 'Retry later; if it persists, report the request id to the operators.',
  },
} as const satisfies Record<string, { kind: ErrorKind; title: string; action: string }>;

export type ErrorCode = keyof typeof errorCatalog;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(errorCatalog, value);
}

export function statusOf(code: ErrorCode): number {
  return statusByKind[errorCatalog[code].kind];
}
