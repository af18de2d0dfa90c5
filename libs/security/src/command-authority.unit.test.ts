import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { CommandAuthority } from './command-authority';

const pair = generateKeyPairSync('ed25519');
const publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const authority = new CommandAuthority({
  keys: [{ kid: 'k1', publicKeyPem }],
  issuer: 'coin-ledger',
  audience: 'coin-ledger-api',
  maxCommandAgeMs: 7 * 24 * 3600_000,
});
const now = new Date('2026-11-23T10:00:00Z');
const sign = (claims: Record<string, unknown>, iatS: number, ttlS = 900, kid = 'k1', key = pair.privateKey) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA', kid })
    .setSubject(String(claims['sub'] ?? '7'))
    .setIssuer('coin-ledger')
    .setAudience('coin-ledger-api')
    .setIssuedAt(iatS)
    .setExpirationTime(iatS + ttlS)
    .sign(key);
const nowS = now.getTime() / 1000;
const command = (proof: string | undefined, issuedAt = now, actor = { kind: 'user', id: '7', role: 'ADMIN' }) => ({
  issuedAt: issuedAt.toISOString(),
  actor,
  ...(proof ? { proof } : {}),
});

describe('CommandAuthority: a command proves who asked with their own token, as of when the broker appended it', () => {
  it("when the token names the command's actor and was valid when the command was appended, then it is accepted, even if it has expired since", async () => {
    const token = await sign({ role: 'ADMIN', ver: 1 }, nowS - 3600);
    const appendedAt = new Date(now.getTime() - 3_000_000);
    expect(await authority.check(command(token, appendedAt), appendedAt, { now })).toMatchObject({
      ok: true,
      authority: { kind: 'user', id: '7', role: 'ADMIN', tokenVersion: 1 },
    });
  });

  it('when the token had expired at the append time, then it is refused, whatever issuedAt says', async () => {
    const token = await sign({ role: 'ADMIN', ver: 1 }, nowS - 3600);
    // issuedAt inside the token's lifetime, but the broker appended it now.
    const check = await authority.check(command(token, new Date(now.getTime() - 3_000_000)), now, { now });
    expect(check).toMatchObject({ ok: false, reason: expect.stringMatching(/backdated or postdated/) });
  });

  it.each([
    ['backdated past the tolerance', -61_000, false],
    ['postdated past the tolerance', 61_000, false],
    ['60 s early (clock skew)', -60_000, true],
    ['60 s late (clock skew)', 60_000, true],
  ])('when issuedAt is %s from the append time, then the command is accepted: %s', async (_name, offsetMs, accepted) => {
    const token = await sign({ role: 'ADMIN', ver: 1 }, nowS - 100);
    const check = await authority.check(command(token, new Date(now.getTime() + offsetMs)), now, { now });
    expect(check.ok).toBe(accepted);
  });

  it('when the record carries no usable append time, then the command is refused', async () => {
    const token = await sign({ role: 'ADMIN', ver: 1 }, nowS - 100);
    expect(await authority.check(command(token), new Date(Number.NaN), { now })).toMatchObject({ ok: false });
  });

  it('when the proof is a revocation record of the user service (its own typ), then it is no proof', async () => {
    const token = await new SignJWT({ role: 'ADMIN', ver: 1 })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1', typ: 'coin-revocation+jwt' })
      .setSubject('7')
      .setIssuer('coin-ledger')
      .setAudience('coin-ledger-api')
      .setIssuedAt(nowS - 10)
      .setExpirationTime(nowS + 900)
      .sign(pair.privateKey);
    expect(await authority.check(command(token), now, { now })).toMatchObject({ ok: false });
  });

  it.each([
    ['no proof', async () => command(undefined)],
    ['another role', async () => command(await sign({ role: 'USER', ver: 1 }, nowS))],
    ['another subject', async () => command(await sign({ role: 'ADMIN', ver: 1, sub: '8' }, nowS))],
    ['expired when appended', async () => command(await sign({ role: 'ADMIN', ver: 1 }, nowS - 3600))],
    ['issued after the command', async () => command(await sign({ role: 'ADMIN', ver: 1 }, nowS + 3600), now)],
    ['an unknown key id', async () => command(await sign({ role: 'ADMIN', ver: 1 }, nowS, 900, 'k2'))],
    ['another key', async () => command(await sign({ role: 'ADMIN', ver: 1 }, nowS, 900, 'k1', generateKeyPairSync('ed25519').privateKey))],
    ['an issuedAt in the future', async () => command(await sign({ role: 'ADMIN', ver: 1 }, nowS), new Date(now.getTime() + 600_000))],
    [
      'an operator actor',
      async () => command(await sign({ role: 'ADMIN', ver: 1 }, nowS), now, { kind: 'operator', id: '7', role: 'ADMIN' }),
    ],
  ])('when the command has %s, then it is refused with a reason', async (_name, make) => {
    const check = await authority.check(await make(), now, { now });
    expect(check.ok).toBe(false);
    expect(!check.ok && check.reason).toMatch(/^Command refused: /);
  });

  it('when a command was appended longer ago than the replay window, or in the future, then it is refused', async () => {
    const old = new Date(now.getTime() - 8 * 86400_000);
    const token = await sign({ role: 'ADMIN', ver: 1 }, old.getTime() / 1000 - 60);
    expect(await authority.check(command(token, old), old, { now })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/longer ago/),
    });
    const future = new Date(now.getTime() + 600_000);
    const later = await sign({ role: 'ADMIN', ver: 1 }, future.getTime() / 1000);
    expect(await authority.check(command(later, future), future, { now })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/future/),
    });
  });

  it('when a platform client token carries grants, then they are read; without them nothing is granted or limited by the token', async () => {
    const granted = await sign({ role: 'SYSTEM', ver: 0, sub: 'pc_1', treasuries: ['REWARDS'], rewardCap: 500 }, nowS);
    expect(await authority.check(command(granted, now, { kind: 'system', id: 'pc_1' } as never), now, { now })).toMatchObject({
      ok: true,
      authority: { kind: 'system', id: 'pc_1', treasuries: ['REWARDS'], dailyRewardCap: 500 },
    });
  });

  it('when a private key is configured as a trusted key, then the authority refuses to start', () => {
    const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(
      () => new CommandAuthority({ keys: [{ kid: 'x', publicKeyPem: privatePem }], issuer: 'i', audience: 'a', maxCommandAgeMs: 1 }),
    ).toThrow(/private key/);
  });
});

describe('CommandAuthority: step-up commands need a second factor fresh when the command was appended', () => {
  const stepUp = new CommandAuthority({
    keys: [{ kid: 'k1', publicKeyPem }],
    issuer: 'coin-ledger',
    audience: 'coin-ledger-api',
    maxCommandAgeMs: 7 * 24 * 3600_000,
    stepUpMaxAgeMs: 300_000,
  });

  it('when the proof says the second factor was given within the window before the append time, then a step-up command is accepted, even applied an hour later', async () => {
    const token = await sign({ role: 'SUPERADMIN', ver: 1, mfa_at: nowS - 200 }, nowS - 250);
    const issued = command(token, now, { kind: 'user', id: '7', role: 'SUPERADMIN' });
    expect(await stepUp.check(issued, now, { stepUp: true, now })).toMatchObject({ ok: true });
    expect(await stepUp.check(issued, now, { stepUp: true, now: new Date(now.getTime() + 3600_000) })).toMatchObject({ ok: true });
  });

  it('when the second factor was fresh at a backdated issuedAt but stale at the append time, then a step-up command is refused', async () => {
    const token = await sign({ role: 'SUPERADMIN', ver: 1, mfa_at: nowS - 600 }, nowS - 600);
    const backdated = command(token, new Date(now.getTime() - 480_000), { kind: 'user', id: '7', role: 'SUPERADMIN' });
    expect(await stepUp.check(backdated, now, { stepUp: true, now })).toMatchObject({ ok: false });
    const atIssue = command(token, now, { kind: 'user', id: '7', role: 'SUPERADMIN' });
    expect(await stepUp.check(atIssue, now, { stepUp: true, now })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/second factor/),
    });
  });

  it.each([
    ['no second factor at all', { role: 'SUPERADMIN', ver: 1 }],
    ['a second factor older than the window', { role: 'SUPERADMIN', ver: 1, mfa_at: nowS - 301 - 60 }],
    ['a second factor time that is not a number', { role: 'SUPERADMIN', ver: 1, mfa_at: String(nowS) }],
  ])(
    'when the proof carries %s, then a step-up command is refused, and the same token still proves an ordinary command',
    async (_name, claims) => {
      const token = await sign(claims, nowS - 100);
      const issued = command(token, now, { kind: 'user', id: '7', role: 'SUPERADMIN' });
      const check = await stepUp.check(issued, now, { stepUp: true, now });
      expect(check).toMatchObject({ ok: false, reason: expect.stringMatching(/fresh second factor/) });
      expect(await stepUp.check(issued, now, { now })).toMatchObject({ ok: true });
    },
  );
});

describe("CommandAuthority.person: a call's own token (not a command's) names who asks, their role's start and their second factor", () => {
  const stepUp = new CommandAuthority({
    keys: [{ kid: 'k1', publicKeyPem }],
    issuer: 'coin-ledger',
    audience: 'coin-ledger-api',
    maxCommandAgeMs: 7 * 24 * 3600_000,
    stepUpMaxAgeMs: 300_000,
  });
  const admin = { id: '7', role: 'ADMIN' };

  it('when the token is valid now and names the claimed person and role, then its role_since and mfa_at are read from it', async () => {
    const token = await sign({ role: 'ADMIN', ver: 2, role_since: 1_700_000_000.25, mfa_at: nowS - 10 }, nowS - 100);
    const check = await stepUp.person(token, admin, now);
    expect(check).toEqual({
      ok: true,
      person: {
        authority: expect.objectContaining({ kind: 'user', id: '7', role: 'ADMIN', tokenVersion: 2 }),
        roleSinceClaim: 1_700_000_000.25,
        secondFactorAt: new Date((nowS - 10) * 1000),
      },
    });
  });

  it("when the token is missing, forged, expired, a platform client's, or names another person or role than claimed, then it proves nobody", async () => {
    const forger = generateKeyPairSync('ed25519').privateKey;
    const cases: Array<[string, string | undefined, { id: string; role: string }]> = [
      ['missing', undefined, admin],
      ['empty', '', admin],
      ['forged (another key, the same kid)', await sign({ role: 'ADMIN', ver: 1 }, nowS - 100, 900, 'k1', forger), admin],
      ['expired', await sign({ role: 'ADMIN', ver: 1 }, nowS - 3600), admin],
      ["a platform client's", await sign({ sub: 'pc_shop', role: 'SYSTEM', ver: 1 }, nowS - 100), { id: 'pc_shop', role: 'SYSTEM' }],
      ["another person's", await sign({ sub: '8', role: 'ADMIN', ver: 1 }, nowS - 100), admin],
      ['of another role', await sign({ role: 'DEVELOPER', ver: 1 }, nowS - 100), admin],
    ];
    for (const [name, token, claimed] of cases) {
      const check = await stepUp.person(token, claimed, now);
      expect({ name, ok: check.ok }).toEqual({ name, ok: false });
    }
  });

  it('when the second factor is within STEP_UP_MAX_AGE_S (and the clock tolerance), then it is fresh; older, never given, or no window configured, then not', () => {
    expect(stepUp.secondFactorFresh(new Date(now.getTime() - 300_000), now)).toBe(true);
    expect(stepUp.secondFactorFresh(new Date(now.getTime() - 361_000), now)).toBe(false);
    expect(stepUp.secondFactorFresh(null, now)).toBe(false);
    expect(authority.secondFactorFresh(now, now)).toBe(false);
  });
});
