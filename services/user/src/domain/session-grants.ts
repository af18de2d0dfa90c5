/**
 * How long a registration's session grant may wait for its one use: the gateway asks for the
 * session right after the command's reply (milliseconds), so a minute covers a slow reply and a
 * retry, and a leaked hash is useless soon after.
 */
export const sessionGrantTtlMs = 60_000;

export interface NewSessionGrant {
  grantHash: string;
  userId: number;
  expiresAt: Date;
}

/** The grant a registration stores with the account it created. */
export function sessionGrantOf(userId: number, grantHash: string, now: Date): NewSessionGrant {
  return { grantHash, userId, expiresAt: new Date(now.getTime() + sessionGrantTtlMs) };
}
