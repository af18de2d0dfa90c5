import { redisCommandTimeoutMsDefault } from '@coin/redis';
import { scaledBound } from './machine-speed';

/**
 * A test stack's waits of one service on another, on PostgreSQL, on Redis and in its readiness
 * checks, scaled to this machine by the run's machine-speed factor (./machine-speed.ts) instead of
 * the production defaults (3 s, 5 s, 500 ms and 2 s), as strings for the services' environment.
 * `callMs` is the wait of one internal call on the 2-core machine: 3 s where each service is a
 * process of its own (the bank test, the checker), 10 s where all share one process beside other
 * test files (./stack.ts).
 *
 * Every such wait, not only the gateway's: in CI (factor 4.13) the bank test's user service read a
 * deleted user's balance from the ledger, busy after its Kafka restart, and gave up after its
 * fixed 3 s each time, so the deletions' partition stood still past the test's bound; a stack
 * started beside it waited past the pools' 5 s for a PostgreSQL connection and failed to start.
 * A backing service that is down is still refused at once; one that hangs is still cut off.
 */
export function scaledServiceWaits(callMs: number): Record<string, string> {
  const call = String(scaledBound(callMs));
  return {
    // The gateway's internal reads and calls (a login, a user, a history page).
    INTERNAL_HTTP_TIMEOUT_MS: call,
    // The user service's read of a balance from the ledger (a deletion).
    LEDGER_READ_TIMEOUT_MS: call,
    // The ledger's question to the user service (is this user deleted, before a wallet closes).
    USER_READ_TIMEOUT_MS: call,
    // Opening a PostgreSQL connection, or waiting for a free one of the pool.
    DB_CONNECT_TIMEOUT_MS: String(scaledBound(5_000)),
    // Each check of /readyz (a SELECT 1, Kafka's cluster description, a Redis PING).
    READINESS_CHECK_TIMEOUT_MS: String(scaledBound(2_000)),
    // The gateway's Redis commands (the production default, 500 ms; the configuration's maximum is
    // 10 s). The connection is dropped when no answer comes for 4/5 of it: beside two burners a
    // reachable Redis's answer came later than 400 ms, the connection was dropped, and a replay
    // with an Idempotency-Key was answered 503.
    REDIS_COMMAND_TIMEOUT_MS: String(Math.min(10_000, scaledBound(redisCommandTimeoutMsDefault))),
  };
}
