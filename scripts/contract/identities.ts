/**
 * The identities a contract run sends requests as, created through the public API (the first
 * SUPERADMIN as `npm start` creates it): an ordinary user, the SUPERADMIN, an API key with every
 * scope, and a user of its own for "log out everywhere".
 */
import { requestJson } from '../stack/http-json';
import { createFuzzPrincipals } from '../fuzz/principals';
import type { ContractIdentities } from './schemathesis';

export async function createContractIdentities(
  gatewayUrl: string,
  bootstrapSuperadmin: (email: string, password: string) => Promise<void>,
): Promise<ContractIdentities> {
  const principals = await createFuzzPrincipals(gatewayUrl, bootstrapSuperadmin);
  const superadmin = { authorization: `Bearer ${principals.superadmin.accessToken}` };
  // The SUPERADMIN's own key: a key works with its owner's token only, and the admin routes are sent as the SUPERADMIN.
  const key = await requestJson(gatewayUrl, 'POST', '/api/admin/api-keys', {
    headers: superadmin,
    body: { name: 'contract run', scopes: ['mint', 'burn', 'refund', 'reward'] },
    timeoutMs: 15_000,
  });
  if (key.status !== 201) throw new Error(`creating the API key: ${key.status} ${JSON.stringify(key.body).slice(0, 300)}`);
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
    apiKey: { key: key.body.key as string, id: key.body.id as string },
    logoutAllToken: session.body.accessToken as string,
    protectedUserIds: [principals.user.userId, principals.admin.userId, principals.superadmin.userId, session.body.user.id as number],
  };
}
