import { generateJwtKey, trustedKeysOf } from '../stack/keys';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLedgerConfig } from '@coin/ledger';
import { encryptionKeyBytes } from '@coin/webhooks';
import { devServiceKeys, resolveFileEnv } from './entry';

describe('container entry: service keys from files (compose)', () => {
  it('when dev-service-keys runs, then each caller has a private key (0600) and each callee a callers file a service accepts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'service-keys-'));
    try {
      devServiceKeys(dir);
      expect(statSync(join(dir, 'gateway.pem')).mode & 0o777).toBe(0o600);
      const ledgerCallers = JSON.parse(readFileSync(join(dir, 'callers-ledger.json'), 'utf8')) as Record<string, string>;
      expect(Object.keys(ledgerCallers).sort()).toEqual(['gateway', 'history', 'ledger', 'user']);
      expect(statSync(join(dir, 'user.pem')).mode & 0o777).toBe(0o600);
      expect(Object.keys(JSON.parse(readFileSync(join(dir, 'callers-user.json'), 'utf8')))).toEqual([
        'gateway',
        'ledger',
        'user',
        'webhooks',
        'monitoring',
      ]);
      expect(Object.keys(JSON.parse(readFileSync(join(dir, 'audit-signers.json'), 'utf8')))).toEqual([
        'gateway',
        'user',
        'ledger',
        'webhooks',
        'monitoring',
      ]);
      for (const own of ['ledger.pem', 'webhooks.pem']) expect(statSync(join(dir, own)).mode & 0o777).toBe(0o600);
      expect(Object.keys(JSON.parse(readFileSync(join(dir, 'callers-webhooks.json'), 'utf8')))).toEqual(['gateway']);
      expect(Object.keys(JSON.parse(readFileSync(join(dir, 'callers-monitoring.json'), 'utf8')))).toEqual(['gateway']);
      // The webhooks service's WEBHOOKS_ENCRYPTION_SECRET_FILE: a key its config accepts, 0600, kept once made.
      const sealingKey = readFileSync(join(dir, 'webhooks-encryption-secret'), 'utf8');
      expect(encryptionKeyBytes(sealingKey)).not.toBeNull();
      expect(statSync(join(dir, 'webhooks-encryption-secret')).mode & 0o777).toBe(0o600);
      const before = readFileSync(join(dir, 'gateway.pem'), 'utf8');
      devServiceKeys(dir);
      expect(readFileSync(join(dir, 'gateway.pem'), 'utf8')).toBe(before);
      expect(readFileSync(join(dir, 'webhooks-encryption-secret'), 'utf8')).toBe(sealingKey);

      // As the image's entry does it: SERVICE_TOKEN_PUBLIC_KEYS_FILE fills SERVICE_TOKEN_PUBLIC_KEYS.
      const env: NodeJS.ProcessEnv = {
        LEDGER_DATABASE_URL: 'postgres://coin_ledger_app:x@db:5432/coin',
        AUTHORITY_PUBLIC_KEYS: trustedKeysOf(generateJwtKey('entry-test')),
        SERVICE_TOKEN_PUBLIC_KEYS_FILE: join(dir, 'callers-ledger.json'),
        SERVICE_TOKEN_PRIVATE_KEY_FILE: join(dir, 'ledger.pem'),
      };
      resolveFileEnv(env);
      expect(Object.keys(loadLedgerConfig(env).SERVICE_TOKEN_PUBLIC_KEYS).sort()).toEqual(['gateway', 'history', 'ledger', 'user']);

      // A volume made before the webhooks service lacks its files: they are made, the existing keys kept.
      rmSync(join(dir, 'callers-webhooks.json'));
      rmSync(join(dir, 'webhooks-encryption-secret'));
      devServiceKeys(dir);
      expect(Object.keys(JSON.parse(readFileSync(join(dir, 'callers-webhooks.json'), 'utf8')))).toEqual(['gateway']);
      expect(encryptionKeyBytes(readFileSync(join(dir, 'webhooks-encryption-secret'), 'utf8'))).not.toBeNull();
      expect(readFileSync(join(dir, 'gateway.pem'), 'utf8')).toBe(before);
      expect(JSON.parse(readFileSync(join(dir, 'callers-webhooks.json'), 'utf8'))).toEqual(
        JSON.parse(readFileSync(join(dir, 'callers-history.json'), 'utf8')),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when a _FILE variable names a key that is neither a secret nor the callers, then it is left alone', () => {
    const env: NodeJS.ProcessEnv = { SOME_TOOL_FILE: '/nonexistent' };
    resolveFileEnv(env, () => {
      throw new Error('must not be read');
    });
    expect(env.SOME_TOOL).toBeUndefined();
  });
});
