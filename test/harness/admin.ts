import { createPool, schemaName } from '@coin/db';
import type { TestStack } from './stack';
import { apiClient, login, registerUser } from './http';

export type PrivilegedRole = 'ADMIN' | 'SUPERADMIN' | 'DEVELOPER';

export interface Session {
  userId: number;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/** Runs SQL against this stack's users schema (test set-up only: there is no API to become an admin). */
export async function withUsersDb<T>(
  stack: TestStack,
  fn: (query: (sql: string, params?: unknown[]) => Promise<{ rows: any[] }>) => Promise<T>,
): Promise<T> {
  const pool = createPool({
    url: stack.databaseUrl,
    schema: schemaName(stack.prefix, 'users'),
    applicationName: 'test-harness',
    connectionsMax: 1,
  });
  try {
    return await fn((sql, params) => pool.query(sql, params as unknown[]));
  } finally {
    await pool.end();
  }
}

/**
 * A registered user with the given role, logged in again after the change so the token carries
 * the role. The role is set in the database, as an operator's CLI would (no API path exists).
 */
export async function adminSession(stack: TestStack, role: PrivilegedRole): Promise<Session> {
  const user = await registerUser(stack.gatewayUrl, { fullName: `Test ${role}` });
  await withUsersDb(stack, (query) => query('UPDATE users SET role = $1 WHERE id = $2', [role, user.userId]));
  const tokens = await login(stack.gatewayUrl, user.email, user.password);
  return { userId: user.userId, email: user.email, password: user.password, ...tokens };
}

/** Creates an API key through the real API (POST /api/admin/api-keys) and returns its secret. */
export async function apiKeyFor(stack: TestStack, superadminToken: string, scopes: Array<'mint' | 'burn' | 'refund'>): Promise<string> {
  const created = await apiClient(stack.gatewayUrl, { accessToken: superadminToken }).createApiKey({
    body: { name: `test key ${scopes.join('+')}`, scopes },
  });
  return created.key;
}
