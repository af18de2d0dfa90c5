import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './services';

export interface JwtKey {
  kid: string;
  privateKeyPem: string;
}

/** One service's key pair for the service tokens of internal HTTP calls (docs/DESIGN.md "Internal HTTP credentials"). */
export interface ServiceKeyPair {
  privateKeyPem: string;
  publicKeyPem: string;
}

/**
 * The services that call internal APIs: the gateway, the history service's rebuild (the ledger's
 * record), the user service (a balance, when it decides a deletion) and the ledger (whether a user
 * is deleted, before it closes the wallet). The same keys sign each writer's admin audit records,
 * the webhooks and monitoring services' included (docs/DESIGN.md "Admin audit log").
 */
export interface ServiceKeys {
  gateway: ServiceKeyPair;
  history: ServiceKeyPair;
  user: ServiceKeyPair;
  ledger: ServiceKeyPair;
  webhooks: ServiceKeyPair;
  /**
   * The monitoring service's command key: it signs the freezes it sends the ledger, which trusts
   * its public half (MONITORING_COMMAND_PUBLIC_KEYS) for that command alone (docs/operations/procedures.md
   * "Monitoring command key").
   */
  monitoring: ServiceKeyPair;
}

/** The key id of the stack's monitoring command key (MONITORING_COMMAND_KEY_ID). */
export const monitoringCommandKeyId = 'monitoring-1';

function serviceKeyPair(): ServiceKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * Fresh key pairs for one run of the stack (or one test stack): handed to the services by
 * environment only, never written to the repository or an argument list, never logged.
 */
export function generateServiceKeys(): ServiceKeys {
  return {
    gateway: serviceKeyPair(),
    history: serviceKeyPair(),
    user: serviceKeyPair(),
    ledger: serviceKeyPair(),
    webhooks: serviceKeyPair(),
    monitoring: serviceKeyPair(),
  };
}

const runHistoryKeyFile = join(repoRoot, '.data', 'keys', 'history-service-token.pem');

/**
 * `npm start` leaves the history service's key of this run here (gitignored, mode 0600, replaced
 * every run) so that `npm run history:rebuild` on the same laptop can read the ledger's record
 * as the history service. Only the local stack does this; a deployment has the key in a Secret.
 */
export function saveRunHistoryServiceKey(keys: ServiceKeys): void {
  mkdirSync(join(repoRoot, '.data', 'keys'), { recursive: true, mode: 0o700 });
  writeFileSync(runHistoryKeyFile, keys.history.privateKeyPem, { mode: 0o600 });
}

export function runHistoryServiceKey(): string {
  if (!existsSync(runHistoryKeyFile))
    throw new Error('SERVICE_TOKEN_PRIVATE_KEY is not set and no local stack left a key: run npm start first');
  return readFileSync(runHistoryKeyFile, 'utf8');
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

const devAuditCheckpointKeyFile = join(repoRoot, '.data', 'keys', 'audit-checkpoint-ed25519.pem');

/**
 * The local stack's audit checkpoint signing key (AUDIT_CHECKPOINT_PRIVATE_KEY), generated once into
 * .data/keys (gitignored, mode 0600) and kept across runs, so that the checkpoints of earlier runs
 * still verify. In production the key comes from a Secret and only its public half is handed out.
 */
export function devAuditCheckpointKey(): string {
  if (existsSync(devAuditCheckpointKeyFile)) return readFileSync(devAuditCheckpointKeyFile, 'utf8');
  mkdirSync(join(repoRoot, '.data', 'keys'), { recursive: true, mode: 0o700 });
  const pem = generateAuditCheckpointKey();
  writeFileSync(devAuditCheckpointKeyFile, pem, { mode: 0o600 });
  return pem;
}

/** The public half of the development checkpoint key, for `npm run audit`; undefined when the local stack never made one. */
export function devAuditCheckpointPublicKey(): string | undefined {
  if (!existsSync(devAuditCheckpointKeyFile)) return undefined;
  return createPublicKey(readFileSync(devAuditCheckpointKeyFile, 'utf8')).export({ type: 'spki', format: 'pem' }).toString();
}

/** A fresh Ed25519 checkpoint signing key (PKCS#8 PEM). */
export function generateAuditCheckpointKey(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}
