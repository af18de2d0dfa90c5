import { AppError } from './app-error';
import { errorCatalog, statusOf, type ErrorCode } from './codes';
import { errorCodeOfSlug, internalProblem, problemOf, problemSlugOf } from './problem';

describe('problem rendering (docs/CONTRACT.md "Errors")', () => {
  it('when an AppError is rendered, then it is an RFC 9457 body with code and requestId', () => {
    const problem = problemOf(new AppError('INSUFFICIENT_FUNDS', 'Balance 3.00 is below 5.00'), 'req-1');
    expect(problem).toEqual({
      type: '/problems/insufficient-funds',
      title: 'Insufficient funds',
      status: 422,
      detail: 'Balance 3.00 is below 5.00',
      code: 'INSUFFICIENT_FUNDS',
      requestId: 'req-1',
    });
  });

  it('when a validation error is rendered, then it lists the fields', () => {
    const err = new AppError('VALIDATION_FAILED', 'bad', { errors: [{ path: 'body.amount', message: 'too small' }] });
    expect(problemOf(err, 'r').errors).toEqual([{ path: 'body.amount', message: 'too small' }]);
  });

  it('then every code of the contract maps to its status', () => {
    const expected: Record<number, string[]> = {
      400: ['VALIDATION_FAILED', 'MALFORMED_JSON'],
      401: ['UNAUTHENTICATED', 'TOKEN_EXPIRED', 'API_KEY_INVALID'],
      403: ['FORBIDDEN', 'API_KEY_SCOPE', 'TEST_MODE_CREDENTIALS'],
      404: ['NOT_FOUND', 'USER_NOT_FOUND', 'TRANSACTION_NOT_FOUND'],
      409: ['EMAIL_TAKEN', 'LAST_SUPERADMIN', 'REQUEST_IN_PROGRESS'],
      413: ['PAYLOAD_TOO_LARGE'],
      422: [
        'INSUFFICIENT_FUNDS',
        'SELF_TRANSFER',
        'RECIPIENT_CLOSED',
        'REFUND_EXCEEDS_PURCHASE',
        'NOT_REFUNDABLE',
        'IDEMPOTENCY_KEY_REUSED',
        'BALANCE_LIMIT_EXCEEDED',
        // A command a consumer refused before any apply: the request broke the command contract.
        'COMMAND_REFUSED',
      ],
      429: ['RATE_LIMITED'],
      // A command accepted and then set aside: the service's failure, not the request's.
      500: ['COMMAND_FAILED', 'INTERNAL'],
      503: ['UNAVAILABLE'],
      504: ['TIMEOUT'],
    };
    for (const [status, codes] of Object.entries(expected)) {
      for (const code of codes) expect(statusOf(code as keyof typeof errorCatalog)).toBe(Number(status));
    }
  });

  it('when an unexpected error happens, then the body says nothing about it', () => {
    const problem = internalProblem('r');
    expect(problem.status).toBe(500);
    expect(JSON.stringify(problem)).not.toMatch(/stack|SELECT|Error:/);
  });

  it('then every code has a problem type URI on the gateway whose slug leads back to it, and a line on what to do', () => {
    for (const code of Object.keys(errorCatalog) as ErrorCode[]) {
      expect(problemOf(new AppError(code, 'x'), 'r').type).toBe(`/problems/${problemSlugOf(code)}`);
      expect(errorCodeOfSlug(problemSlugOf(code))).toBe(code);
      expect(errorCatalog[code].action.length).toBeGreaterThan(10);
    }
    for (const slug of [
      'INSUFFICIENT_FUNDS',
      'insufficient_funds',
      'insufficient-funds-',
      '-insufficient-funds',
      'no-such-code',
      '',
      'constructor',
      'to-string',
    ])
      expect({ slug, code: errorCodeOfSlug(slug) }).toEqual({ slug, code: null });
  });
});
