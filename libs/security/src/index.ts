import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * scrypt parameters: N=2^15, r=8, p=1 is OWASP's recommended floor for scrypt (32 MiB, about
 * 60 ms on this class of machine). Stored with the hash so they can be raised later.
 */
const scryptCost = { N: 2 ** 15, r: 8, p: 1 } as const;
const keyBytes = 32;
const saltBytes = 16;
const scryptMemoryMax = 64 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltBytes);
  const key = await scrypt(password, salt, keyBytes, { ...scryptCost, maxmem: scryptMemoryMax });
  return ['scrypt', scryptCost.N, scryptCost.r, scryptCost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const encodedHashPattern = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

export function isPasswordHash(value: string): boolean {
  return encodedHashPattern.test(value);
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
 * A hash that costs the same as a real verification, used when the email is unknown so that
 * login timing does not reveal which emails exist.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}

/** An opaque secret (refresh token, API key, client secret): 32 random bytes, URL-safe. */
export function randomSecret(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
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

/**
 * RFC 9562 UUIDv5 (SHA-1, name-based): the same name always gives the same id. Used where an id
 * must survive a retry: the command id of an Idempotency-Key, of a credit leg, of the command
 * an event triggers.
 */
export function uuidV5(name: string, namespace: string = coinIdNamespace): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (ns.length !== 16) throw new Error(`invalid namespace UUID: ${namespace}`);
  const bytes = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export {
  CommandAuthority,
  parseTrustedKeys,
  type AuthorityCheck,
  type CommandAuthorityOptions,
  type CommandWithProof,
  type ProvenAuthority,
  type TrustedKey,
} from './command-authority';
