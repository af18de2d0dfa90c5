import { newPersonalDataKey, openPersonalData, personalDataKeyBytes, sealPersonalData } from './personal-data';

/**
 * Crypto-shredding (docs/DESIGN.md "Erasure"): personal data sent where it outlives the account
 * (a registration command on a retained topic) is sealed under a key of its own, AES-256-GCM;
 * destroying the key makes the bytes unreadable, and any change to them is detected.
 */
describe('sealing personal data under a key of its own', () => {
  const keyId = '3c8e5a1f-7b2d-4f6e-9a0c-5d1b7e3f9a24';
  const value = { email: 'ada@example.com', fullName: 'Ada Lovelace', passwordHash: 'scrypt$17$8$1$salt$key' };

  it('when sealed and opened with the same key, then the value comes back, and the sealed form shows none of it', () => {
    const key = newPersonalDataKey();
    expect(key).toHaveLength(personalDataKeyBytes);
    const sealed = sealPersonalData(keyId, key, value);
    expect(sealed.keyId).toBe(keyId);
    // Whole words of the value: a three-letter one ("ada") turns up in random base64 about once in 200 runs.
    expect(JSON.stringify(sealed)).not.toMatch(/example\.com|lovelace|scrypt\$/i);
    expect(openPersonalData(key, sealed)).toEqual(value);
  });

  it('when the same value is sealed twice, then the two differ (a fresh nonce each time)', () => {
    const key = newPersonalDataKey();
    const [a, b] = [sealPersonalData(keyId, key, value), sealPersonalData(keyId, key, value)];
    expect(a.iv).not.toBe(b.iv);
    expect(a.data).not.toBe(b.data);
  });

  it('when opened with another key (the key was destroyed and another made), then it fails', () => {
    const sealed = sealPersonalData(keyId, newPersonalDataKey(), value);
    expect(() => openPersonalData(newPersonalDataKey(), sealed)).toThrow();
  });

  it('when a byte of the data or the nonce is changed, or the key id swapped, then it fails', () => {
    const key = newPersonalDataKey();
    const sealed = sealPersonalData(keyId, key, value);
    const flipped = Buffer.from(sealed.data, 'base64url');
    flipped[3] = flipped[3]! ^ 1;
    expect(() => openPersonalData(key, { ...sealed, data: flipped.toString('base64url') })).toThrow();
    const iv = Buffer.from(sealed.iv, 'base64url');
    iv[0] = iv[0]! ^ 1;
    expect(() => openPersonalData(key, { ...sealed, iv: iv.toString('base64url') })).toThrow();
    expect(() => openPersonalData(key, { ...sealed, keyId: 'b3df5173-90b2-54d6-b80a-3c5e6f82a4c7' })).toThrow();
  });

  it('when the key is not 32 bytes, then nothing is sealed or opened', () => {
    expect(() => sealPersonalData(keyId, Buffer.alloc(16), value)).toThrow(/32 bytes/);
    const sealed = sealPersonalData(keyId, newPersonalDataKey(), value);
    expect(() => openPersonalData(Buffer.alloc(31), sealed)).toThrow(/32 bytes/);
  });
});
