import { createHash, hash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * A scrypt cost: N = 2^log2N, block size r, parallelism p. Stored with every hash
 * (`scrypt$N$r$p$salt$key`), so a hash keeps verifying after the cost is raised, and is rehashed
 * at the owner's next login (passwordHashNeedsRehash).
 */
export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

/**
 * OWASP Password Storage Cheat Sheet, scrypt: "a minimum CPU/memory cost parameter of (2^17), a
 * minimum block size of 8 (1024 bytes), and a parallelization parameter of 1". 128 MiB and about
 * 0.3 s per hash on this class of machine. The production minimum: a lower cost is refused at
 * start unless the configuration explicitly allows it for tests (passwordHashCostOf, @coin/config).
 */
export const owaspScryptCost: Readonly<ScryptCost> = Object.freeze({ log2N: 17, r: 8, p: 1 });

const keyBytes = 32;
const saltBytes = 16;
/** Memory of one scrypt run is 128·N·r bytes: 128 MiB at the OWASP cost; room for up to 2^18. */
const scryptMemoryMax = 257 * 1024 * 1024;
/**
 * At most this many hashes are computed at once per process (each holds 128 MiB at the OWASP
 * cost); more wait their turn. libuv's four threads would otherwise hold 512 MiB, the whole
 * memory limit of a gateway or user pod (deploy/k8s/base).
 */
export const scryptConcurrencyMax = 2;

let running = 0;
const waiting: Array<() => void> = [];

async function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  if (running >= scryptConcurrencyMax) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await new Promise((resolve, reject) =>
      scryptCallback(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
    );
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export async function hashPassword(password: string, cost: ScryptCost = owaspScryptCost): Promise<string> {
  const salt = randomBytes(saltBytes);
  const N = 2 ** cost.log2N;
  const key = await scrypt(password, salt, keyBytes, { N, r: cost.r, p: cost.p, maxmem: scryptMemoryMax });
  return ['scrypt', N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const encodedHashPattern = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

export function isPasswordHash(value: string): boolean {
  return encodedHashPattern.test(value);
}

/** The cost a stored hash was made with; null when it is not one of ours. */
export function costOfPasswordHash(encoded: string): ScryptCost | null {
  const match = encodedHashPattern.exec(encoded);
  if (!match) return null;
  const N = Number(match[1]);
  const log2N = Math.log2(N);
  return Number.isInteger(log2N) ? { log2N, r: Number(match[2]), p: Number(match[3]) } : null;
}

/** Whether a stored hash was made at a lower cost than `cost` (any parameter lower): rehash it at the next login. */
export function passwordHashNeedsRehash(encoded: string, cost: ScryptCost): boolean {
  const stored = costOfPasswordHash(encoded);
  return stored === null || stored.log2N < cost.log2N || stored.r < cost.r || stored.p < cost.p;
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const match = encodedHashPattern.exec(encoded);
  if (!match) return false;
  const [, n, r, p, salt, expected] = match as unknown as [string, string, string, string, string, string];
  const expectedKey = Buffer.from(expected, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expectedKey.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: scryptMemoryMax,
  });
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}

/**
 * A hash that costs the same as a real verification at `cost`, used when the email is unknown so
 * that login timing does not reveal which emails exist.
 */
const decoyHashes = new Map<string, Promise<string>>();
export function decoyPasswordHash(cost: ScryptCost = owaspScryptCost): Promise<string> {
  const name = `${cost.log2N}/${cost.r}/${cost.p}`;
  let decoy = decoyHashes.get(name);
  if (!decoy) {
    decoy = hashPassword(randomBytes(16).toString('hex'), cost);
    decoyHashes.set(name, decoy);
  }
  return decoy;
}

/** An opaque secret (refresh token, API key, client secret): 32 random bytes, URL-safe. */
export function randomSecret(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/**
 * The random part of an id the gateway draws per request (`idNonce`: a hold's, a deletion or
 * grant request's): 128 bits, base64url. The id derives from it and the command id, so nobody
 * can compute it from the actor and the Idempotency-Key.
 */
export function randomIdNonce(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Secrets with 256 bits of entropy need no slow KDF: a SHA-256 lookup hash is enough and lets
 * the gateway check an API key per request without spending 60 ms of CPU.
 */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The namespace of every deterministic id this system derives (a fixed, random UUID). */
export const coinIdNamespace = '6f1d2c1e-8a4b-4c55-9a0e-3b7d2f9e5a10';

/** Namespace UUIDs as bytes, by their text: a handful in all (the coin namespace and tests'). */
const namespaceBytes = new Map<string, Buffer>();

function namespaceBytesOf(namespace: string): Buffer {
  let bytes = namespaceBytes.get(namespace);
  if (!bytes) {
    bytes = Buffer.from(namespace.replace(/-/g, ''), 'hex');
    if (bytes.length !== 16) throw new Error(`invalid namespace UUID: ${namespace}`);
    if (namespaceBytes.size < 64) namespaceBytes.set(namespace, bytes);
  }
  return bytes;
}

/** A hex digit with its top two bits set to the RFC 9562 variant, 10. */
const variantDigit: Readonly<Record<string, string>> = Object.fromEntries(
  [...'0123456789abcdef'].map((digit) => [digit, ((Number.parseInt(digit, 16) & 0x3) | 0x8).toString(16)]),
);

/**
 * RFC 9562 UUIDv5 (SHA-1, name-based): the same name always gives the same id. Used where an id
 * must survive a retry: the command id of an Idempotency-Key, of a credit leg, of the command
 * an event triggers, of every balance change's event (two per transfer, in the ledger's apply):
 * hence the one-shot `hash` over one buffer, the namespace's bytes kept and the id spelled from
 * the digest's hex: about a third of the time of a `createHash` object, two updates and a parse
 * of the namespace per call (1.2 against 3.4 µs on the 2-core machine).
 */
export function uuidV5(name: string, namespace: string = coinIdNamespace): string {
  const input = Buffer.allocUnsafe(16 + Buffer.byteLength(name, 'utf8'));
  namespaceBytesOf(namespace).copy(input, 0);
  input.write(name, 16, 'utf8');
  const hex = hash('sha1', input, 'hex');
  // The version (5) replaces the 13th digit; the variant (binary 10) the top bits of the 17th.
  // own-key: a hex digit of our own hash
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variantDigit[hex[16]!]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export {
  CommandAuthority,
  revocationRecordType,
  type AuthorityCheck,
  type CommandAuthorityOptions,
  type CommandWithProof,
  type PersonCheck,
  type ProvenAuthority,
  type ProvenPerson,
  type TrustedKey,
} from './command-authority';

export {
  RevocationVerifier,
  revocationAudience,
  revocationRecordKey,
  revocationSubjectOfApiKey,
  revocationSubjectOfClient,
  revocationSubjectOfUser,
  signRevocation,
  type Revocation,
} from './revocation-record';

export {
  newPersonalDataKey,
  openPersonalData,
  personalDataKeyBytes,
  sealPersonalData,
  type SealedPersonalData,
} from './personal-data';

export {
  AuditRecordSigner,
  AuditSignatureVerifier,
  auditSignatureHeaders,
  auditSigners,
  type AuditSignatureCheck,
  type AuditSignerName,
} from './audit-signature';

export {
  KeyProofVerifier,
  keyProofAudience,
  keyProofType,
  signKeyProof,
  type KeyProofClaims,
  type KeyProofNeed,
  type VerifiedKeyProof,
} from './key-proof';

export {
  ReferralProofVerifier,
  referralProofAudience,
  referralProofTtlSeconds,
  referralProofType,
  signReferralProof,
  type ReferralClaims,
  type VerifiedReferral,
} from './referral-proof';

export {
  TestUsersProofVerifier,
  signTestUsersProof,
  testUsersProofAudience,
  testUsersProofTtlSeconds,
  testUsersProofType,
  type VerifiedTestUsers,
} from './test-users-proof';

export {
  ServiceCommandSigner,
  ServiceCommandVerifier,
  serviceCommandAudience,
  serviceCommandProofTtlS,
  serviceCommandProofType,
  type ServiceCommandCheck,
  type ServiceCommandEnvelope,
  type ServiceCommandVerifierOptions,
} from './service-command';
export { credentialModeOf, testModeClientIdPrefix, type CredentialMode } from './credential-mode';
