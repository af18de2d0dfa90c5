import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { userConfigSchema } from './config';

const pair = generateKeyPairSync('ed25519');
const publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const privateKeyPem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const base = {
  USER_DATABASE_URL: 'postgres://coin_user_app@localhost/coin',
  JWT_PRIVATE_KEY: privateKeyPem,
  JWT_KEY_ID: 'k1',
  SERVICE_TOKEN_PUBLIC_KEYS: JSON.stringify({ gateway: publicKeyPem }),
  SERVICE_TOKEN_PRIVATE_KEY: privateKeyPem,
  MFA_ENCRYPTION_SECRET: randomBytes(32).toString('base64'),
};

describe('user service configuration: large deletions', () => {
  it('when nothing is set, then deletions of 10,000 coins or more wait 24 h for a second SUPERADMIN', () => {
    expect(userConfigSchema.parse(base)).toMatchObject({ DELETION_APPROVAL_MIN_COINS: 10_000, DELETION_REQUEST_EXPIRY_S: 86_400 });
  });

  it('when the threshold is 0 or a coin amount, then it is read; 0 makes every deletion immediate', () => {
    expect(userConfigSchema.parse({ ...base, DELETION_APPROVAL_MIN_COINS: '0' }).DELETION_APPROVAL_MIN_COINS).toBe(0);
    expect(userConfigSchema.parse({ ...base, DELETION_APPROVAL_MIN_COINS: '50.25' }).DELETION_APPROVAL_MIN_COINS).toBe(50.25);
  });

  it.each([
    ['DELETION_APPROVAL_MIN_COINS', '-1'],
    ['DELETION_APPROVAL_MIN_COINS', '0.001'],
    ['DELETION_APPROVAL_MIN_COINS', 'lots'],
    ['DELETION_REQUEST_EXPIRY_S', '0'],
  ])('when %s is %s, then the configuration is refused naming the key', (key, value) => {
    const result = userConfigSchema.safeParse({ ...base, [key]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(key);
  });

  it('when the service key to read the ledger with is missing, then the configuration is refused', () => {
    const { SERVICE_TOKEN_PRIVATE_KEY: _omitted, ...withoutKey } = base;
    expect(userConfigSchema.safeParse(withoutKey).success).toBe(false);
  });
});

describe('user service configuration: admin sign-in', () => {
  it('when nothing is set, then admins step up within 5 minutes and sign in again after 12 hours, users after 30 days', () => {
    expect(userConfigSchema.parse(base)).toMatchObject({
      STEP_UP_MAX_AGE_S: 300,
      ADMIN_SESSION_MAX_AGE_S: 43_200,
      SESSION_MAX_AGE_S: 2_592_000,
      MFA_FAILURES_MAX: 5,
    });
  });

  it('when MFA_ENCRYPTION_SECRET is missing, short or one repeated byte, then the service does not start', () => {
    const { MFA_ENCRYPTION_SECRET: _unused, ...without } = base;
    for (const env of [
      without,
      { ...base, MFA_ENCRYPTION_SECRET: 'c2hvcnQ=' },
      { ...base, MFA_ENCRYPTION_SECRET: Buffer.alloc(32, 7).toString('base64') },
    ]) {
      expect(userConfigSchema.safeParse(env).success).toBe(false);
    }
  });
});
