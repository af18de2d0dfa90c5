import { platformClientId } from '@coin/events';
import { purchaseBody, referralClaimsOf, setCommissionCommand } from './ledger';

/**
 * A platform client id is a key of the services' lookups (commission rules by client, grants):
 * the names a plain object answers from its prototype are refused wherever a caller names a
 * client, so a purchase's referral of the client `constructor` is a 400 at the gateway and is refused by the
 * command schema on Kafka (the ledger's decider once threw a TypeError on it).
 */
const prototypeNames = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

describe('platform client ids never name a prototype member', () => {
  it.each(prototypeNames)('when a client id is %s, then the id schema refuses it', (id) => {
    expect(platformClientId.safeParse(id).success).toBe(false);
  });

  it('when a client id is an ordinary one (pc_shop, test_shop, constructors), then it is taken', () => {
    for (const id of ['pc_shop', 'test_shop', 'constructors', 'proto']) expect(platformClientId.safeParse(id).success).toBe(true);
  });

  it.each(prototypeNames)("when a purchase's referral names the client %s, then its claims are no referral's", (clientId) => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const referral = (sub: string) =>
      `${part({ alg: 'EdDSA', typ: 'coin-referral+jwt' })}.${part({ sub, buyer: 42, affiliate: 43, treasury: 'COURSE_FEES', createdBy: null, approvedBy: null, iat: 1, exp: 2 })}.c2ln`;
    // The gateway (422 REFERRAL_INVALID) and the ledger's decider judge the claims after the schema.
    expect(referralClaimsOf(referral(clientId))).toBeNull();
    // The same token with an ordinary client id reads: the refusal is the id's alone.
    expect(referralClaimsOf(referral('pc_shop'))).toMatchObject({ sub: 'pc_shop', buyer: 42 });
  });

  it("when a purchase's body names the affiliate by user and client (the buyer's word), then it is refused at the edge", () => {
    const body = { treasury: 'COURSE_FEES', amount: 5, reason: 'course', affiliate: { userId: 43, clientId: 'pc_shop' } };
    expect(purchaseBody.safeParse(body).success).toBe(false);
  });

  it('when a commission rule is set for the client __proto__ on Kafka, then the command schema refuses it', () => {
    const command = {
      commandId: '10000000-0000-4000-8000-000000000001',
      type: 'ledger.set-commission',
      issuedAt: new Date().toISOString(),
      actor: { kind: 'user', id: '3', role: 'ADMIN' },
      data: { treasury: 'COURSE_FEES', clientId: '__proto__', rule: { kind: 'bps', bps: 100 }, requestHash: 'a'.repeat(64) },
    };
    expect(setCommissionCommand.safeParse(command).success).toBe(false);
    expect(setCommissionCommand.safeParse({ ...command, data: { ...command.data, clientId: 'pc_shop' } }).success).toBe(true);
  });
});
