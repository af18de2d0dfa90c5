import type { FastifyRequest } from 'fastify';

/**
 * Which routes the sandbox serves, in one place (docs/decisions/0018-sandbox.md). A route names
 * the part of the sandbox that serves it (`config.sandbox`): `ledger`, whose commands go to the
 * sandbox ledger (SANDBOX_TOPIC_PREFIX), or `webhooks`, whose reads and writes go to the
 * sandbox's webhooks instance (SANDBOX_WEBHOOKS_URL). A test-mode client may call a route only
 * when the gateway was given the part that serves it; on every other route it is 403
 * TEST_MODE_CREDENTIALS. What the route then reaches is chosen by the caller's space, its verified
 * token's mode: a test-mode client reaches the sandbox's parts only, a live one the live services only.
 */
export type SandboxPart = 'ledger' | 'webhooks';

/** Whether a test-mode caller may call a route marked `route` on a gateway given the sandbox's `parts`. */
export function sandboxServes(route: SandboxPart | undefined, parts: ReadonlySet<SandboxPart> | undefined): boolean {
  return route !== undefined && (parts?.has(route) ?? false);
}

/** The space a request acts in: its verified token's mode (a person's token is live). */
export function spaceOf(request: FastifyRequest): 'live' | 'test' {
  return request.principal?.mode === 'test' ? 'test' : 'live';
}
