import { InvariantViolation } from '@coin/errors';
import type { FastifyRequest } from 'fastify';
import { spaceOf } from '../plugins/auth';
import { InternalApi } from './internal-api';
import type { InternalHttpClient } from './internal-http';

/**
 * Where a request's reads go (docs/decisions/0018-sandbox.md): the space of the verified token,
 * as for its commands (`authorityOf`). A live caller reads the live services; a test-mode caller,
 * which the auth hook lets through only on a route marked `sandbox: true`, reads the sandbox's
 * ledger and history and nothing else: its InternalApi holds no client of a live service, so no
 * route can hand a test-mode read to one, and the live one holds none of the sandbox's.
 */
export class SpaceReads {
  private readonly sandbox: InternalApi | undefined;

  constructor(
    private readonly live: InternalApi,
    sandbox: { ledger: InternalHttpClient; history: InternalHttpClient } | undefined,
  ) {
    this.sandbox = sandbox ? new InternalApi({ ledger: sandbox.ledger, history: sandbox.history }) : undefined;
  }

  /** The internal APIs of the caller's space. */
  of(request: FastifyRequest): InternalApi {
    if (spaceOf(request) === 'live') return this.live;
    // The auth hook refuses a test-mode caller anywhere else: reaching here otherwise is a bug, never a live read.
    if (!request.routeOptions.config?.sandbox) throw new InvariantViolation('a test-mode read on a route the sandbox does not serve');
    if (!this.sandbox) throw new InvariantViolation('a test-mode read reached a gateway without the sandbox services');
    return this.sandbox;
  }
}
