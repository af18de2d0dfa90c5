import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

/**
 * The seal of a message on the live balance relay's Redis channels: HMAC-SHA256 under
 * CACHE_MAC_SECRET (a key Redis never holds) over the full channel name and the payload, sent as
 * `<mac>.<payload>`. Whoever can write Redis can drop or repeat messages (a stream repairs a gap
 * or a copy by sequence from the ledger; an instance repeats what it watches), not make one: no
 * balance change a gateway relayed for another wallet, no wallet watched or unwatched in an
 * instance's name.
 */
const domain = 'coin-gateway-balance-relay-v1';
const macLength = 43; // 32 bytes in base64url, unpadded

export class RelaySeal {
  private readonly secret: KeyObject;

  constructor(secret: Buffer) {
    this.secret = createSecretKey(secret);
  }

  seal(channel: string, payload: string): string {
    return `${this.macOf(channel, payload).toString('base64url')}.${payload}`;
  }

  /** The payload of a sealed message of `channel`, or null (not sealed for this channel under this key). */
  open(channel: string, message: string): string | null {
    if (message.length <= macLength || message[macLength] !== '.') return null;
    const given = Buffer.from(message.slice(0, macLength), 'base64url');
    const payload = message.slice(macLength + 1);
    const expected = this.macOf(channel, payload);
    return given.length === expected.length && timingSafeEqual(given, expected) ? payload : null;
  }

  private macOf(channel: string, payload: string): Buffer {
    // Length-prefixed: no (channel, payload) pair can pose as another by moving the boundary.
    return createHmac('sha256', this.secret).update(`${domain}\n${channel.length}:${channel}\n${payload}`).digest();
  }
}
