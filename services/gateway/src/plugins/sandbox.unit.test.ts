import { type SandboxPart, sandboxServes } from './sandbox';

describe('sandboxServes (docs/decisions/0018-sandbox.md)', () => {
  const parts = (...given: SandboxPart[]) => new Set<SandboxPart>(given);
  it.each([
    ['a webhooks route, the gateway given the sandbox webhooks', 'webhooks', parts('ledger', 'webhooks'), true],
    ['a webhooks route, the gateway given the sandbox ledger only', 'webhooks', parts('ledger'), false],
    ['a ledger route, the gateway given the sandbox webhooks only', 'ledger', parts('webhooks'), false],
    ['a ledger route, the gateway given the sandbox ledger', 'ledger', parts('ledger'), true],
    ['a route the sandbox does not serve', undefined, parts('ledger', 'webhooks'), false],
    ['a webhooks route, a gateway with no sandbox', 'webhooks', undefined, false],
  ] as const)('%s: %s', (_name, route, given, served) => {
    expect(sandboxServes(route, given)).toBe(served);
  });
});
