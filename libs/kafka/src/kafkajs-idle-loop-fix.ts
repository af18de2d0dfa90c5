/**
 * A fix for kafkajs 2.2.4's idle timer loop (tulios/kafkajs#1556, #1704; unmerged upstream,
 * kafkajs is unmaintained). `RequestQueue.scheduleCheckPendingRequests` arms
 * `setTimeout(check, throttledUntil - now)` even when nothing is pending and no throttle is in
 * force: the delay is negative, Node runs it after 1 ms, and the check re-arms it. Every broker
 * connection therefore wakes its process about a thousand times a second for as long as it is
 * open. Measured here before the fix: ~920 wake-ups/s and 0.03 cores per idle service, and under
 * load every event-loop turn ran the timers of every connection.
 *
 * The replacement arms the timer only when there is something to check — pending requests —
 * after the throttle ends, or after kafkajs's own 10 ms when they wait for an in-flight slot
 * (a fulfilled request also checks the queue, as before). A request pushed later schedules its
 * own check, so nothing can be left behind.
 *
 * kafkajs is pinned to the version this was written against; the patch refuses any other one,
 * and a unit test fails if the version moves, so a bump re-examines this file.
 */
const kafkajsVersion: string = require('kafkajs/package.json').version;
export const patchedKafkajsVersion = '2.2.4';

/** kafkajs's CHECK_PENDING_REQUESTS_INTERVAL. */
const checkPendingIntervalMs = 10;

interface RequestQueueInternals {
  pending: unknown[];
  maxInFlightRequests: number;
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

function scheduleCheckPendingRequests(this: RequestQueueInternals): void {
  if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
  const untilUnthrottled = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    untilUnthrottled > 0 ? untilUnthrottled : checkPendingIntervalMs,
  );
}

/**
 * How often a connection looks for requests past their timeout. kafkajs looks every
 * min(requestTimeout, 100) ms on every open connection, whether or not anything is in flight:
 * about two connections per client (the seed broker and the node), several clients per service,
 * so an idle service woke some 80 times a second for it, the largest share of its timer work in
 * a profile of an idle stack. Timeouts here are 30 s and more (a fetch's adds its wait), so a
 * timed-out request is failed at most a second late instead of a tenth.
 */
export const requestTimeoutCheckIntervalMs = 1000;

interface RequestTimeoutInternals {
  enforceRequestTimeout: boolean;
  requestTimeout: number;
  requestTimeoutIntervalId?: NodeJS.Timeout;
  inflight: Map<number, { sentAt: number; requestTimeout: number; timeoutRequest(): void }>;
  isConnected(): boolean;
  destroy(): void;
}

/** kafkajs's scheduleRequestTimeoutCheck, looking once a second (`requestTimeoutCheckIntervalMs`). */
function scheduleRequestTimeoutCheck(this: RequestTimeoutInternals): void {
  if (!this.enforceRequestTimeout) return;
  this.destroy();
  this.requestTimeoutIntervalId = setInterval(
    () => {
      for (const request of this.inflight.values()) if (Date.now() - request.sentAt > request.requestTimeout) request.timeoutRequest();
      if (!this.isConnected()) this.destroy();
    },
    Math.min(this.requestTimeout, requestTimeoutCheckIntervalMs),
  );
}

type RequestQueueClass = new (options: Record<string, unknown>) => RequestQueueInternals & RequestTimeoutInternals;

/** kafkajs's RequestQueue class (an internal module: kafkajs has no exports map). */
export const RequestQueue: RequestQueueClass = require('kafkajs/src/network/requestQueue/index.js');

/** Installs the fix once; true when kafkajs is the version it was written for. */
/** kafkajs's own method, kept so a test can show the loop the fix removes. */
export const originalScheduleCheckPendingRequests = RequestQueue.prototype.scheduleCheckPendingRequests;
/** kafkajs's own request-timeout sweep (every 100 ms), kept for the same reason. */
export const originalScheduleRequestTimeoutCheck = (RequestQueue.prototype as unknown as { scheduleRequestTimeoutCheck(): void })
  .scheduleRequestTimeoutCheck;

function fixKafkajsIdleLoop(): boolean {
  if (kafkajsVersion !== patchedKafkajsVersion) return false;
  RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
  (RequestQueue.prototype as unknown as { scheduleRequestTimeoutCheck(): void }).scheduleRequestTimeoutCheck = scheduleRequestTimeoutCheck;
  return true;
}

export const kafkajsIdleLoopFixed = fixKafkajsIdleLoop();
