import {
  kafkajsIdleLoopFixed,
  originalScheduleCheckPendingRequests,
  originalScheduleRequestTimeoutCheck,
  patchedKafkajsVersion,
  RequestQueue,
  requestTimeoutCheckIntervalMs,
} from './kafkajs-idle-loop-fix';

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

function queue(maxInFlightRequests = 1) {
  return new RequestQueue({
    maxInFlightRequests,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'b:9092',
    logger: silent,
  });
}

function request(correlationId: number, sent: number[]) {
  return {
    entry: { correlationId, apiKey: 0, apiName: 'Produce', apiVersion: 3 },
    expectResponse: true,
    sendRequest: () => sent.push(correlationId),
  };
}

type Queue = ReturnType<typeof queue> & { push(r: ReturnType<typeof request>): void; maybeThrottle(ms: number): void; destroy(): void };

describe('kafkajs idle timer loop fix', () => {
  afterEach(() => jest.useRealTimers());

  it('is installed for the kafkajs version it was written against (a version bump fails here: re-check the fix)', () => {
    expect(require('kafkajs/package.json').version).toBe(patchedKafkajsVersion);
    expect(kafkajsIdleLoopFixed).toBe(true);
  });

  it('without the fix, an idle queue arms a timer that re-arms itself every millisecond', () => {
    jest.useFakeTimers();
    const q = queue();
    let checks = 0;
    const check = q.checkPendingRequests.bind(q);
    q.checkPendingRequests = () => {
      checks += 1;
      check();
    };
    q.scheduleCheckPendingRequests = originalScheduleCheckPendingRequests;
    q.scheduleCheckPendingRequests();
    jest.advanceTimersByTime(100);
    expect(checks).toBeGreaterThanOrEqual(50);
    (q as Queue).destroy();
  });

  it('with the fix, an idle queue arms no timer', () => {
    const q = queue();
    q.checkPendingRequests();
    q.scheduleCheckPendingRequests();
    expect(q.throttleCheckTimeoutId).toBeNull();
  });

  it('a request pushed while throttled is sent when the throttle ends, not before', () => {
    jest.useFakeTimers();
    const q = queue(5) as Queue;
    const sent: number[] = [];
    q.maybeThrottle(50);
    q.push(request(1, sent));
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(45);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(10);
    expect(sent).toEqual([1]);
    // Nothing pending any more: no timer keeps running.
    expect(q.throttleCheckTimeoutId).toBeNull();
  });

  it('a request waiting for an in-flight slot is re-checked every 10 ms until it is sent', () => {
    jest.useFakeTimers();
    const q = queue(1) as Queue;
    const sent: number[] = [];
    q.push(request(1, sent));
    q.push(request(2, sent));
    expect(sent).toEqual([1]);
    expect(q.throttleCheckTimeoutId).not.toBeNull();
    q.maxInFlightRequests = 2; // a slot frees up without a response (as a timed-out request does)
    jest.advanceTimersByTime(10);
    expect(sent).toEqual([1, 2]);
    expect(q.throttleCheckTimeoutId).toBeNull();
  });
});

describe('kafkajs request-timeout sweep, once a second', () => {
  afterEach(() => jest.useRealTimers());

  function enforcing(requestTimeout: number) {
    return new RequestQueue({
      maxInFlightRequests: 5,
      requestTimeout,
      enforceRequestTimeout: true,
      clientId: 'test',
      broker: 'b:9092',
      logger: silent,
    }) as Queue & { scheduleRequestTimeoutCheck(): void };
  }

  /** A request whose failure is recorded with the time it came. */
  function timed(correlationId: number, failures: Array<{ id: number; atMs: number; error: string }>, startedAt: number) {
    return {
      entry: {
        correlationId,
        apiKey: 1,
        apiName: 'Fetch',
        apiVersion: 11,
        resolve: () => undefined,
        reject: (error: Error) => failures.push({ id: correlationId, atMs: Date.now() - startedAt, error: error.name }),
      },
      expectResponse: true,
      sendRequest: () => correlationId,
    };
  }

  function sweepsIn(schedule: (q: ReturnType<typeof enforcing>) => void, ms: number): number {
    const q = enforcing(30_000);
    let sweeps = 0;
    const isConnected = q.isConnected;
    q.isConnected = () => {
      sweeps += 1;
      return isConnected();
    };
    schedule(q);
    jest.advanceTimersByTime(ms);
    q.destroy();
    return sweeps;
  }

  it('sweeps an open connection once a second, where kafkajs swept ten times', () => {
    jest.useFakeTimers();
    expect(sweepsIn((q) => q.scheduleRequestTimeoutCheck(), 10_000)).toBe(10_000 / requestTimeoutCheckIntervalMs);
    expect(sweepsIn((q) => originalScheduleRequestTimeoutCheck.call(q), 10_000)).toBe(100);
  });

  it('fails a request in flight past its timeout within a second of it, and none before', () => {
    jest.useFakeTimers();
    const q = enforcing(2_000);
    const failures: Array<{ id: number; atMs: number; error: string }> = [];
    const startedAt = Date.now();
    q.scheduleRequestTimeoutCheck();
    q.push(timed(1, failures, startedAt));
    jest.advanceTimersByTime(1_999);
    expect(failures).toEqual([]);
    jest.advanceTimersByTime(1_001);
    expect(failures).toEqual([{ id: 1, atMs: 3_000, error: 'KafkaJSRequestTimeoutError' }]);
    q.destroy();
  });
});
