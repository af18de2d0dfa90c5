import { deliveryHealthFrom, outcomeOfError, outcomeOfStatus, statusClassOf, usualOutcomes } from './delivery-outcome';

const refusedCode = 'EWEBHOOKADDRESS';

describe('delivery outcome: what an attempt came to', () => {
  it.each([
    [200, 'success', '2xx'],
    [204, 'success', '2xx'],
    [400, 'client_error', '4xx'],
    [410, 'client_error', '4xx'],
    [500, 'server_error', '5xx'],
    [503, 'server_error', '5xx'],
    [301, 'unexpected_status', '3xx'],
    [101, 'unexpected_status', '1xx'],
  ] as const)('when the receiver answers %i, then the outcome is %s and the class %s', (status, outcome, statusClass) => {
    expect(outcomeOfStatus(status)).toBe(outcome);
    expect(statusClassOf(status)).toBe(statusClass);
  });

  it('when there is no answer or no valid status, then the class is none', () => {
    expect(statusClassOf(null)).toBe('none');
    expect(statusClassOf(99)).toBe('none');
    expect(statusClassOf(600)).toBe('none');
    expect(statusClassOf(200.5)).toBe('none');
  });

  it.each([
    [{ name: 'TimeoutError' }, 'timeout'],
    [{ name: 'AbortError' }, 'timeout'],
    [{ code: 'UND_ERR_CONNECT_TIMEOUT' }, 'timeout'],
    [{ code: 'UND_ERR_HEADERS_TIMEOUT' }, 'timeout'],
    [{ code: 'ECONNREFUSED' }, 'network_error'],
    [{ code: 'ENOTFOUND' }, 'network_error'],
    [{}, 'network_error'],
    [{ code: refusedCode }, 'refused'],
  ] as const)('when an attempt fails with %j, then the outcome is %s', (error, outcome) => {
    expect(outcomeOfError(error, refusedCode)).toBe(outcome);
  });

  it('when the zero series are listed, then each failure class the rate alert counts is there, with success', () => {
    expect(usualOutcomes.map((o) => o.outcome)).toEqual(['success', 'client_error', 'server_error', 'timeout', 'network_error', 'refused']);
  });
});

describe("delivery health: an endpoint's view", () => {
  it('when no attempt was made in the window and nothing is pending, then the rate and the age are null, not 0', () => {
    expect(deliveryHealthFrom({ attempts: 0, succeeded: 0, oldestPendingAgeSeconds: null })).toEqual({
      attempts24h: 0,
      succeeded24h: 0,
      successRate: null,
      oldestPendingAgeSeconds: null,
    });
  });

  it('when 2 of 3 attempts succeeded and a delivery waits 90.7 s, then the rate is rounded down to 4 decimals and the age to whole seconds', () => {
    expect(deliveryHealthFrom({ attempts: 3, succeeded: 2, oldestPendingAgeSeconds: 90.7 })).toEqual({
      attempts24h: 3,
      succeeded24h: 2,
      successRate: 0.6666,
      oldestPendingAgeSeconds: 90,
    });
  });

  it('when the rate is exact, then floating point does not take a digit off it (29 of 100 is 0.29)', () => {
    expect(deliveryHealthFrom({ attempts: 100, succeeded: 29, oldestPendingAgeSeconds: 0 }).successRate).toBe(0.29);
    expect(deliveryHealthFrom({ attempts: 7, succeeded: 7, oldestPendingAgeSeconds: null }).successRate).toBe(1);
  });

  it('when one attempt of 100,000 failed, then the rate is below 1, never rounded up to it', () => {
    expect(deliveryHealthFrom({ attempts: 100_000, succeeded: 99_999, oldestPendingAgeSeconds: null }).successRate).toBe(0.9999);
  });

  it('when the database clock puts the oldest pending delivery a moment in the future, then its age is 0', () => {
    expect(deliveryHealthFrom({ attempts: 1, succeeded: 1, oldestPendingAgeSeconds: -0.2 }).oldestPendingAgeSeconds).toBe(0);
  });
});
