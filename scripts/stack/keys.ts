import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './services';

export interface JwtKey {
  kid: string;
  privateKeyPem: string;
}

export function generateJwtKey(kid: string): JwtKey {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { kid, privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/** The public half of a signing key, as the services that verify commands' proofs trust it: JSON [{kid, publicKeyPem}]. */
export function trustedKeysOf(key: JwtKey): string {
  const publicKeyPem = createPublicKey(key.privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
  return JSON.stringify([{ kid: key.kid, publicKeyPem }]);
}

/**
 * The development signing key, generated once into .data/keys (gitignored, mode 0600). In
 * production the key comes from a Secret (JWT_PRIVATE_KEY) and never touches the repo.
 */
export function devJwtKey(): JwtKey {
  const dir = join(repoRoot, '.data', 'keys');
  const file = join(dir, 'jwt-ed25519.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as JwtKey;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = generateJwtKey(`dev-${new Date().toISOString().slice(0, 10)}`);
  writeFileSync(file, JSON.stringify(key), { mode: 0o600 });
  return key;
}
