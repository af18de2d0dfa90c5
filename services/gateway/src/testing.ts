/**
 * Test-only entry (`@coin/gateway/testing`): the gateway's auth and API-key plugins and its
 * internal HTTP client, for a test that mounts them on a probe route of its own
 * (test/e2e/identity/api-keys.test.ts). Not for production code: use the package's main entry.
 */
export { InternalHttpClient } from './clients/internal-http';
export { ApiKeyVerifier, registerApiKeyCheck } from './plugins/api-key';
export { registerAuth } from './plugins/auth';
