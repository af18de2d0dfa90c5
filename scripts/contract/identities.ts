/**
 * The identities a contract run sends requests as, created through the public API (the
 * SUPERADMINs as the operator CLI creates them): an ordinary user, the SUPERADMIN, an API key with every
 * scope, and a user of its own for "log out everywhere".
 */
import { requestJson } from '../stack/http-json';
import { createFuzzPrincipals } from '../fuzz/principals';
import type { ContractIdentities } from './schemathesis';

export async function createContractIdentities(
  gatewayUrl: string,
  makeSuperadmin: (email: string, password: string) => Promise<void>,
): Promise<ContractIdentities> {
  const principals = await createFuzzPrincipals(gatewayUrl, makeSuperadmin);
  const superadmin = { authorization: `Bearer ${principals.superadmin.accessToken}` };
  // The SUPERADMIN's own key: a key works with its owner's token only, and the admin routes are sent as the SUPERADMIN.
  const key = await requestJson(gatewayUrl, 'POST', '/api/admin/api-keys', {
    headers: superadmin,
    body: { name: 'contract run', scopes: ['mint', 'burn', 'refund', 'reward'] },
    timeoutMs: 15_000,
  });
  if (key.status !== 202) throw new Error(`asking for the API key: ${key.status} ${JSON.stringify(key.body).slice(0, 300)}`);
  // A key exists once a second SUPERADMIN approves it (docs/DESIGN.md "Two-person acts").
  await principals.approveGrant(key.body.grantRequest.id as string);
  const email = `contract.logout-all.${Date.now().toString(36)}@example.test`;
  const registered = await requestJson(gatewayUrl, 'POST', '/api/auth/register', {
    body: { email, password: principals.superadmin.password, fullName: 'Contract check' },
    headers: {},
    timeoutMs: 15_000,
  });
  if (registered.status !== 202)
    throw new Error(`registration of ${email}: ${registered.status} ${JSON.stringify(registered.body).slice(0, 300)}`);
  const session = await requestJson(gatewayUrl, 'POST', '/api/auth/login', {
    body: { email, password: principals.superadmin.password },
    headers: {},
    timeoutMs: 15_000,
  });
  if (session.status !== 200) throw new Error(`login of ${email}: ${session.status} ${JSON.stringify(session.body).slice(0, 300)}`);
  return {
    userToken: principals.user.accessToken,
    superadminToken: principals.superadmin.accessToken,
    apiKey: { key: key.body.key as string, id: key.body.grantRequest.act.apiKeyId as string },
    logoutAllToken: session.body.accessToken as string,
    protectedUserIds: [principals.user.userId, principals.admin.userId, principals.superadmin.userId, session.body.user.id as number],
  };
}
