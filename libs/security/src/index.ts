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
