import { AppError } from '@coin/errors';
import { type CredentialMode, credentialModeOf } from '@coin/security';

/**
 * The space an instance of the webhooks service serves (docs/decisions/0018-sandbox.md): `live`,
 * the deployment's, or `test`, the sandbox's (the same code under the sandbox's topic and schema
 * prefix, WEBHOOKS_SPACE=test).
 */
export type WebhooksSpace = CredentialMode;

/**
 * The one rule of which clients an instance serves: a client of its own space, by the client id's
 * mode (`credentialModeOf`, the rule the gateway and the ledger judge by). The live instance has
 * no endpoints, events or deliveries of a test-mode client (its grants must not show it live
 * movements), and the sandbox's none of a live client (nothing of the sandbox passes for live).
 * Judged here from the id, never on the gateway's word; undefined when the client is served.
 */
export function spaceRefusalOf(space: WebhooksSpace, clientId: string): AppError | undefined {
  const mode = credentialModeOf('system', clientId);
  if (mode === space) return undefined;
  return mode === 'test'
    ? new AppError('TEST_MODE_CREDENTIALS', 'A test-mode platform client has no webhook endpoints here: live movements are not its to see')
    : new AppError(
        'FORBIDDEN',
        "The sandbox's webhooks serve test-mode platform clients only: a live client has no endpoints or events here",
      );
}
