import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { signedFreezeCommand, walletKeyOfUser, type Reply } from '@coin/contracts';
import { ServiceCommandSigner } from '@coin/security';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { monitoringCommandKeyId } from '../../../scripts/stack/keys';
import { watchTopic, type TopicWatch } from '../../../test/harness/topic-watch';
import { listFrozenWallets } from './db/freeze-reads';

/**
 * Wallet freezes through the ledger's consumer (docs/design/ledger.md "Freezes"): the monitoring
 * service's freeze, proven by its own key, is applied; the same key proves nothing else (a
 * transfer, an unfreeze), and each such attempt is refused, answered and audited.
 */

function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

describe('wallet freezes in the ledger', () => {
  let h: LedgerHarness;
  let audit: TopicWatch;
  let monitoring: ServiceCommandSigner;
  let nextUser = 5000;
  const openUser = async (coins = 0) => {
    nextUser += 1;
    const userId = nextUser;
    resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } }));
    if (coins > 0) {
      resultOf(
        await h.send({
          type: 'ledger.mint',
          key: walletKeyOfUser(userId),
          data: { to: { kind: 'user', userId }, amount: coins, reason: 'seed' },
        }),
      );
    }
    return userId;
  };
  /** Sends a service's command as the monitoring service would: on ledger.commands, under its wallet's key. */
  const sendAsService = (command: { commandId: string; type: string; [field: string]: unknown }, key: string) =>
    h.client.request({ topic: h.topics.ledgerCommands, key, timeoutMs: 20_000, command: command as never });
  const auditValues = (type: string) =>
    audit.values.filter((v): v is { type: string; record: any } => (v as { type?: string } | null)?.type === type).map((v) => v.record);
  const transfer = (fromUserId: number, toUserId: number, amount: number) =>
    h.send({
      type: 'ledger.transfer',
      key: walletKeyOfUser(fromUserId),
      data: { kind: 'TRANSFER', fromUserId, to: { kind: 'user', userId: toUserId }, amount, reason: 'r' },
    });

  beforeAll(async () => {
    h = await startLedgerHarness();
    await h.startLedger();
    audit = await watchTopic(h.kafka, h.topics.adminAudit);
    monitoring = new ServiceCommandSigner('monitoring', monitoringCommandKeyId, h.serviceKeys.monitoring.privateKeyPem);
  }, 90_000);
  afterAll(async () => {
    await audit?.stop();
    await h?.close();
  });

  it('when the monitoring service freezes a wallet, then its transfers are refused while coins sent to it land, and the freeze is audited', async () => {
    const [suspect, other] = [await openUser(1_000), await openUser(1_000)];
    const { command, message } = await signedFreezeCommand(monitoring, { userId: suspect, reason: 'circular flow', caseId: 'case-42' });
    expect(message.key).toBe(walletKeyOfUser(suspect));
    expect(resultOf(await sendAsService(command, message.key))).toMatchObject({
      userId: suspect,
      frozen: true,
      freeze: { reason: 'circular flow', caseId: 'case-42', frozenBy: { kind: 'service', id: 'monitoring' }, unfreezeRequest: null },
    });
    // The same command again is the same freeze (its outcome), not a second one.
    expect(resultOf(await sendAsService(command, message.key))).toMatchObject({ frozen: true });

    expect(await transfer(suspect, other, 100)).toMatchObject({ ok: false, error: { code: 'WALLET_FROZEN' } });
    resultOf(await transfer(other, suspect, 250));
    await eventually(async () => {
      const { rows } = await h.pool.query<{ balance: number; freeze: unknown }>(
        'SELECT balance, freeze_state AS freeze FROM wallets WHERE wallet_key = $1',
        [walletKeyOfUser(suspect)],
      );
      return rows[0]?.balance === 1_250 ? rows[0] : undefined;
    }, 15_000);

    const freezeRecord = await eventually(
      async () =>
        auditValues('admin.service-action.recorded').find((r) => r.action === 'wallet.freeze' && r.target === walletKeyOfUser(suspect)),
      15_000,
      'the freeze in the audit log',
    );
    expect(freezeRecord).toMatchObject({
      source: 'ledger',
      actor: { kind: 'service', id: 'monitoring' },
      result: 'applied',
      summary: { caseId: 'case-42' },
    });
    // The refused debit is in the audit log too: those who investigate see the attempt.
    await eventually(
      async () =>
        auditValues('admin.refusal.recorded').find(
          (r) => r.errorCode === 'WALLET_FROZEN' && r.actor.id === String(suspect) && r.action === 'ledger.transfer',
        ),
      15_000,
      'the refused transfer in the audit log',
    );
  }, 60_000);

  it('when the monitoring key signs a transfer, an unfreeze or a freeze of another command id, then each is refused, answered and audited', async () => {
    const [suspect, other] = [await openUser(1_000), await openUser()];
    const key = walletKeyOfUser(suspect);
    const asMonitoring = async (type: string, data: object, proveAs?: { commandId: string; type: string }) => {
      const unsigned = {
        commandId: randomUUID(),
        type,
        issuedAt: new Date().toISOString(),
        actor: { kind: 'service', id: 'monitoring' },
        data,
      };
      return { ...unsigned, proof: await monitoring.proofOf(proveAs ? { ...unsigned, ...proveAs } : unsigned) };
    };
    const moneyMove = await asMonitoring('ledger.transfer', {
      kind: 'TRANSFER',
      fromUserId: suspect,
      to: { kind: 'user', userId: other },
      amount: 500,
      reason: 'r',
    });
    const unfreeze = await asMonitoring('ledger.approve-unfreeze', { userId: suspect });
    // A proof lifted from one freeze, put on another command: it names the command it proves.
    const replayed = await asMonitoring(
      'ledger.freeze-wallet',
      { userId: suspect, reason: 'r' },
      { commandId: randomUUID(), type: 'ledger.freeze-wallet' },
    );
    // A freeze proven by a key the ledger was never given.
    const stranger = new ServiceCommandSigner(
      'monitoring',
      monitoringCommandKeyId,
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    );
    const { command: forged } = await signedFreezeCommand(stranger, { userId: suspect, reason: 'r' });
    // Another service naming itself: only the monitoring service sends commands of its own.
    const otherService = {
      ...(await asMonitoring('ledger.freeze-wallet', { userId: suspect, reason: 'r' })),
      actor: { kind: 'service', id: 'history' },
    };

    for (const command of [moneyMove, unfreeze, replayed, forged, otherService]) {
      expect(await sendAsService(command, key)).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    }
    const { rows } = await h.pool.query<{ balance: number; freeze: unknown }>(
      'SELECT balance, freeze_state AS freeze FROM wallets WHERE wallet_key = $1',
      [key],
    );
    expect(rows[0]).toEqual({ balance: 1_000, freeze: null });
    for (const command of [moneyMove, unfreeze]) {
      const record = await eventually(
        async () => auditValues('admin.refusal.recorded').find((r) => r.target === `command:${command.commandId}`),
        15_000,
        `the refusal of ${command.type}`,
      );
      expect(record).toMatchObject({
        source: 'ledger',
        actor: { kind: 'service', id: 'monitoring' },
        action: command.type,
        result: 'rejected',
      });
    }
  }, 60_000);

  it('when one ADMIN asks to unfreeze and approves it themselves, then it is refused and audited; a second ADMIN lifts it', async () => {
    const suspect = await openUser(1_000);
    const key = walletKeyOfUser(suspect);
    const first = { kind: 'user' as const, id: '7001', role: 'ADMIN' };
    const second = { kind: 'user' as const, id: '7002', role: 'SUPERADMIN' };
    resultOf(await h.send({ type: 'ledger.freeze-wallet', key, actor: first, data: { userId: suspect, reason: 'chargeback ring' } }));
    resultOf(await h.send({ type: 'ledger.request-unfreeze', key, actor: first, data: { userId: suspect, reason: 'cleared' } }));
    const selfApproval = randomUUID();
    expect(
      await h.send({ type: 'ledger.approve-unfreeze', key, actor: first, commandId: selfApproval, data: { userId: suspect } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'UNFREEZE_BY_REQUESTER' },
    });
    await eventually(
      async () =>
        auditValues('admin.refusal.recorded').find(
          (r) =>
            r.target === `command:${selfApproval}` && r.action === 'ledger.approve-unfreeze' && r.errorCode === 'UNFREEZE_BY_REQUESTER',
        ),
      15_000,
      'the refused self-approval in the audit log',
    );
    expect(resultOf(await h.send({ type: 'ledger.approve-unfreeze', key, actor: second, data: { userId: suspect } }))).toEqual({
      userId: suspect,
      frozen: false,
      freeze: null,
    });
    resultOf(await transfer(suspect, await openUser(), 100));
    // The three people's acts, each in the audit log as the ledger's action.
    for (const action of ['wallet.freeze', 'wallet.unfreeze-request', 'wallet.unfreeze']) {
      await eventually(
        async () => auditValues('admin.service-action.recorded').find((r) => r.action === action && r.target === key),
        15_000,
        action,
      );
    }
  }, 60_000);
  it("when the wallet's owner, an ADMIN, asks to lift their own freeze or approves another's request to, then each is SELF_DEALING and audited; two others lift it", async () => {
    const owner = await openUser(1_000);
    const key = walletKeyOfUser(owner);
    const self = { kind: 'user' as const, id: String(owner), role: 'ADMIN' };
    const first = { kind: 'user' as const, id: '7004', role: 'ADMIN' };
    const second = { kind: 'user' as const, id: '7005', role: 'ADMIN' };
    resultOf(await h.send({ type: 'ledger.freeze-wallet', key, actor: first, data: { userId: owner, reason: 'an insider ring' } }));
    const ownRequest = randomUUID();
    expect(
      await h.send({ type: 'ledger.request-unfreeze', key, actor: self, commandId: ownRequest, data: { userId: owner, reason: 'mine' } }),
    ).toMatchObject({ ok: false, error: { code: 'SELF_DEALING' } });
    resultOf(await h.send({ type: 'ledger.request-unfreeze', key, actor: first, data: { userId: owner, reason: 'cleared' } }));
    const ownApproval = randomUUID();
    expect(
      await h.send({ type: 'ledger.approve-unfreeze', key, actor: self, commandId: ownApproval, data: { userId: owner } }),
    ).toMatchObject({ ok: false, error: { code: 'SELF_DEALING' } });
    expect(await transfer(owner, await openUser(), 100)).toMatchObject({ ok: false, error: { code: 'WALLET_FROZEN' } });
    for (const [commandId, action] of [
      [ownRequest, 'ledger.request-unfreeze'],
      [ownApproval, 'ledger.approve-unfreeze'],
    ]) {
      await eventually(
        async () =>
          auditValues('admin.refusal.recorded').find(
            (r) => r.target === `command:${commandId}` && r.action === action && r.actor.id === self.id && r.errorCode === 'SELF_DEALING',
          ),
        15_000,
        `the refused ${action} by the owner in the audit log`,
      );
    }
    expect(resultOf(await h.send({ type: 'ledger.approve-unfreeze', key, actor: second, data: { userId: owner } }))).toMatchObject({
      frozen: false,
    });
  }, 60_000);

  it('when wallets are frozen, one with an unfreeze asked, then the list finds each by where its request stands, newest freeze first, and an aged request as EXPIRED', async () => {
    const admin = { kind: 'user' as const, id: '7003', role: 'ADMIN' };
    const [asked, unasked] = [await openUser(), await openUser()];
    for (const userId of [asked, unasked]) {
      resultOf(
        await h.send({ type: 'ledger.freeze-wallet', key: walletKeyOfUser(userId), actor: admin, data: { userId, reason: 'ring' } }),
      );
    }
    const key = walletKeyOfUser(asked);
    resultOf(await h.send({ type: 'ledger.request-unfreeze', key, actor: admin, data: { userId: asked, reason: 'cleared' } }));
    const page = { limit: 100, offset: 0 };
    const ids = async (unfreezeStatus: 'NONE' | 'PENDING' | 'EXPIRED' | undefined, expiredAtOrBefore: Date) =>
      (await listFrozenWallets(h.pool, { unfreezeStatus, expiredAtOrBefore, ...page })).wallets
        .map((w) => w.userId)
        .filter((id) => id === asked || id === unasked);
    const dayAgo = new Date(Date.now() - 86_400_000);
    expect(await ids(undefined, dayAgo)).toEqual([unasked, asked]);
    expect(await ids('PENDING', dayAgo)).toEqual([asked]);
    expect(await ids('NONE', dayAgo)).toEqual([unasked]);
    expect(await ids('EXPIRED', dayAgo)).toEqual([]);
    // A request asked before the cut-off (now less the approval expiry) has lapsed.
    const later = new Date(Date.now() + 60_000);
    expect(await ids('EXPIRED', later)).toEqual([asked]);
    expect(await ids('PENDING', later)).toEqual([]);
    const counted = await listFrozenWallets(h.pool, { unfreezeStatus: 'PENDING', expiredAtOrBefore: dayAgo, limit: 1, offset: 10_000 });
    expect(counted.wallets).toEqual([]);
    expect(counted.total).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
