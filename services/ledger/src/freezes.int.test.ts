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
    const unfreeze = await asMonitoring('ledger.request-approval', {
      command: { type: 'ledger.lift-freeze', data: { userId: suspect, reason: 'r' } },
    });
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

  /** An approval request of the unfreeze act: the lift of `userId`'s freeze, asked by `actor`. */
  const askToLift = (userId: number, actor: { kind: 'user'; id: string; role: string }) =>
    h.send({
      type: 'ledger.request-approval',
      key: walletKeyOfUser(userId),
      actor,
      data: { command: { type: 'ledger.lift-freeze', data: { userId, reason: 'cleared' } }, idNonce: randomUUID().replaceAll('-', '') },
    });
  const decideLift = (userId: number, approvalId: string, actor: { kind: 'user'; id: string; role: string }, reason?: string) =>
    h.send({
      type: reason === undefined ? 'ledger.approve' : 'ledger.reject-approval',
      key: walletKeyOfUser(userId),
      actor,
      data: { approvalId, holds: 'unfreeze', ...(reason === undefined ? {} : { reason }) },
    });
  /** Every record of the admin audit log, whatever its kind (an action, a service's action, a refusal). */
  const records = () => audit.values.map((v) => (v as { record?: any } | null)?.record).filter((r) => r !== undefined);
  /** A refused step in the audit log: the approval commands' own records (approval.request, approval.approve) carry the refusal. */
  const refusalAudited = (action: string, target: string, code: string, actorId: string) =>
    eventually(
      async () =>
        records().find(
          (r) => r.action === action && r.target === target && r.result === 'rejected' && r.errorCode === code && r.actor.id === actorId,
        ),
      15_000,
      `the refused ${action} (${code}) in the audit log`,
    );

  it('when one ADMIN asks to unfreeze and approves it themselves, then it is refused and audited; a second ADMIN lifts it', async () => {
    const suspect = await openUser(1_000);
    const key = walletKeyOfUser(suspect);
    const first = { kind: 'user' as const, id: '7001', role: 'ADMIN' };
    const second = { kind: 'user' as const, id: '7002', role: 'SUPERADMIN' };
    resultOf(await h.send({ type: 'ledger.freeze-wallet', key, actor: first, data: { userId: suspect, reason: 'chargeback ring' } }));
    const { approval } = resultOf(await askToLift(suspect, first));
    expect(approval).toMatchObject({ status: 'PENDING', unfreeze: { userId: suspect, reason: 'cleared' } });
    expect(await decideLift(suspect, approval.id, first)).toMatchObject({
      ok: false,
      error: { code: 'UNFREEZE_BY_REQUESTER' },
    });
    await refusalAudited('approval.approve', `approval:${approval.id}`, 'UNFREEZE_BY_REQUESTER', first.id);
    expect(resultOf(await decideLift(suspect, approval.id, second))).toMatchObject({
      userId: suspect,
      frozen: false,
      freeze: null,
      approval: { id: approval.id, status: 'APPROVED', decidedBy: { id: second.id } },
    });
    resultOf(await transfer(suspect, await openUser(), 100));
    // The freeze, the request and its approval, each in the audit log as the ledger's action.
    for (const [action, target] of [
      ['wallet.freeze', key],
      ['approval.request', `approval:${approval.id}`],
      ['approval.approve', `approval:${approval.id}`],
    ]) {
      await eventually(
        async () => records().find((r) => r.action === action && r.target === target && r.result === 'applied'),
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
    expect(await askToLift(owner, self)).toMatchObject({ ok: false, error: { code: 'SELF_DEALING' } });
    const { approval } = resultOf(await askToLift(owner, first));
    expect(await decideLift(owner, approval.id, self)).toMatchObject({ ok: false, error: { code: 'SELF_DEALING' } });
    expect(await transfer(owner, await openUser(), 100)).toMatchObject({ ok: false, error: { code: 'WALLET_FROZEN' } });
    await refusalAudited('approval.request', key, 'SELF_DEALING', self.id);
    await refusalAudited('approval.approve', `approval:${approval.id}`, 'SELF_DEALING', self.id);
    expect(resultOf(await decideLift(owner, approval.id, second))).toMatchObject({ frozen: false });
  }, 60_000);

  it('when a request to lift a freeze is rejected, then the wallet stays frozen, the request cannot be approved, and it no longer stands', async () => {
    const suspect = await openUser(1_000);
    const key = walletKeyOfUser(suspect);
    const first = { kind: 'user' as const, id: '7006', role: 'ADMIN' };
    const second = { kind: 'user' as const, id: '7007', role: 'ADMIN' };
    resultOf(await h.send({ type: 'ledger.freeze-wallet', key, actor: first, data: { userId: suspect, reason: 'ring' } }));
    const { approval } = resultOf(await askToLift(suspect, first));
    expect(resultOf(await decideLift(suspect, approval.id, second, 'still open'))).toMatchObject({
      approval: { id: approval.id, status: 'REJECTED', rejectionReason: 'still open' },
    });
    expect(await decideLift(suspect, approval.id, second)).toMatchObject({ ok: false, error: { code: 'APPROVAL_NOT_PENDING' } });
    expect(await transfer(suspect, await openUser(), 100)).toMatchObject({ ok: false, error: { code: 'WALLET_FROZEN' } });
    const listed = await listFrozenWallets(h.pool, { userId: suspect, now: new Date(), limit: 10, offset: 0 });
    expect(listed.wallets).toEqual([expect.objectContaining({ userId: suspect, request: null })]);
  }, 60_000);

  it('when wallets are frozen, one with an unfreeze asked, then the list finds each by where its request stands, newest freeze first, and an aged request as EXPIRED', async () => {
    const admin = { kind: 'user' as const, id: '7003', role: 'ADMIN' };
    const [asked, unasked] = [await openUser(), await openUser()];
    for (const userId of [asked, unasked]) {
      resultOf(
        await h.send({ type: 'ledger.freeze-wallet', key: walletKeyOfUser(userId), actor: admin, data: { userId, reason: 'ring' } }),
      );
    }
    const { approval } = resultOf(await askToLift(asked, admin));
    const page = { limit: 100, offset: 0 };
    const ids = async (unfreezeStatus: 'NONE' | 'PENDING' | 'EXPIRED' | undefined, now: Date) =>
      (await listFrozenWallets(h.pool, { unfreezeStatus, now, ...page })).wallets
        .map((w) => w.userId)
        .filter((id) => id === asked || id === unasked);
    const now = new Date();
    expect(await ids(undefined, now)).toEqual([unasked, asked]);
    expect(await ids('PENDING', now)).toEqual([asked]);
    expect(await ids('NONE', now)).toEqual([unasked]);
    expect(await ids('EXPIRED', now)).toEqual([]);
    const [standing] = (await listFrozenWallets(h.pool, { userId: asked, now, ...page })).wallets;
    expect(standing?.request).toMatchObject({ id: approval.id, requestedBy: 7003, reason: 'cleared', status: 'PENDING' });
    // At its expiry (the longest an approval request may wait is 7 days) it has lapsed.
    const lapsed = new Date(Date.now() + 8 * 86_400_000);
    expect(await ids('EXPIRED', lapsed)).toEqual([asked]);
    expect(await ids('PENDING', lapsed)).toEqual([]);
    const counted = await listFrozenWallets(h.pool, { unfreezeStatus: 'PENDING', now, limit: 1, offset: 10_000 });
    expect(counted.wallets).toEqual([]);
    expect(counted.total).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
