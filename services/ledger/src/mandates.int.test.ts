import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { ledgerCommandMessage, walletKeyOfTreasury, walletKeyOfUser, type Reply } from '@coin/contracts';
import { revocationRecordKey, revocationSubjectOfClient, signRevocation } from '@coin/security';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { watchTopic, type TopicWatch } from '../../../test/harness/topic-watch';
import { chargeMandateCommand } from './kafka/mandate-scheduler';

/**
 * Mandates against real Kafka and PostgreSQL (docs/design/ledger.md "Mandates"): the ledger's own
 * scheduler charges each period once, retries short funds, goes PAST_DUE, never charges after a
 * cancel, refuses forged and replayed charges, and charges a period once across a kill of the
 * ledger right after it committed the charge.
 */

const repoRoot = join(__dirname, '..', '..', '..');
const dayMs = 24 * 3600 * 1000;
const platform = 'streamco';

function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

describe('mandates through the ledger service', () => {
  let h: LedgerHarness;
  let events: TopicWatch;
  /** The ledger's clock: the tests move it a period on. */
  let clock = new Date();
  let nextUser = 5000;

  const openFunded = async (amount: number) => {
    nextUser += 1;
    const userId = nextUser;
    resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } }));
    if (amount > 0) {
      resultOf(
        await h.send({ type: 'ledger.mint', key: walletKeyOfUser(userId), data: { to: { kind: 'user', userId }, amount, reason: 'seed' } }),
      );
    }
    return userId;
  };
  const asUser = (userId: number) => ({ kind: 'user' as const, id: String(userId), role: 'USER' });
  const grant = async (userId: number, extra: Record<string, unknown> = {}) =>
    resultOf(
      await h.send({
        type: 'ledger.grant-mandate',
        key: walletKeyOfUser(userId),
        actor: asUser(userId),
        data: {
          fromUserId: userId,
          clientId: platform,
          amount: 300,
          period: 'MONTH',
          startsAt: clock.toISOString(),
          reason: 'StreamCo monthly',
          idNonce: randomUUID().replaceAll('-', ''),
          ...extra,
        },
      }),
    ).mandate;
  const cancel = (userId: number, mandateId: string, actor: { kind: 'user' | 'system'; id: string; role?: string }) =>
    h.send({ type: 'ledger.cancel-mandate', key: walletKeyOfUser(userId), actor, data: { mandateId, fromUserId: userId } });
  const balanceOf = async (key: string) =>
    Number((await h.pool.query<{ balance: string }>('SELECT balance FROM wallets WHERE wallet_key = $1', [key])).rows[0]?.balance ?? -1);
  const mandateRow = async (id: string) =>
    (await h.pool.query<{ status: string; next_period: string; failed_attempts: string }>('SELECT * FROM mandates WHERE id = $1', [id]))
      .rows[0]!;
  /** Moves the ledger's clock to the mandate's next charge. */
  const toNextCharge = async (id: string) => {
    const row = await h.pool.query<{ next_charge_at: Date }>('SELECT next_charge_at FROM mandates WHERE id = $1', [id]);
    clock = new Date(row.rows[0]!.next_charge_at);
  };
  const chargesOf = async (id: string) =>
    (
      await h.pool.query<{ reference: string; amount: string }>(
        "SELECT reference, amount FROM transactions WHERE type = 'PURCHASE' AND reference LIKE $1 ORDER BY id",
        [`mandate:${id}:%`],
      )
    ).rows.map((r) => r.reference.split(':')[2]);
  const eventsOf = (id: string) =>
    events.values.filter((v): v is { type: string; mandate: { id: string } } => (v as any)?.mandate?.id === id).map((v) => v.type);
  const waitFor = <T>(what: string, check: () => Promise<T | undefined | false>) => eventually(check, 30_000, what);

  beforeAll(async () => {
    h = await startLedgerHarness({
      extraEnv: {
        MANDATE_SWEEP_INTERVAL_MS: '100',
        MANDATE_RETRY_S: '86400',
        MANDATE_GRACE_S: '172800',
        LEDGER_SESSION_TIMEOUT_MS: '6000',
      },
    });
    await h.startLedger({ now: () => clock });
    events = await watchTopic(h.kafka, h.topics.coinMandates);
  }, 90_000);
  afterAll(async () => {
    await events?.stop();
    await h?.close();
  });

  it('when a monthly mandate runs, then each period is charged once, short funds are retried, then PAST_DUE, and every step is an event', async () => {
    clock = new Date();
    const userId = await openFunded(700);
    const treasuryBefore = await balanceOf(walletKeyOfTreasury('SUBSCRIPTIONS'));
    const mandate = await grant(userId);
    expect(mandate).toMatchObject({ status: 'ACTIVE', fromUserId: userId, clientId: platform, amount: 3, nextPeriod: 0 });

    await waitFor('period 0 charged', async () => (await chargesOf(mandate.id)).length === 1);
    await toNextCharge(mandate.id);
    await waitFor('period 1 charged', async () => (await chargesOf(mandate.id)).length === 2);
    expect(await balanceOf(walletKeyOfUser(userId))).toBe(100);

    // Period 2: 100 < 300. A failed attempt, retried a day later (twice, within the 2 days of grace), then PAST_DUE.
    await toNextCharge(mandate.id);
    await waitFor('first failed attempt', async () => Number((await mandateRow(mandate.id)).failed_attempts) === 1);
    await toNextCharge(mandate.id);
    await waitFor('second failed attempt', async () => Number((await mandateRow(mandate.id)).failed_attempts) === 2);
    await toNextCharge(mandate.id);
    await waitFor('past due', async () => (await mandateRow(mandate.id)).status === 'PAST_DUE');
    clock = new Date(clock.getTime() + 40 * dayMs);
    await new Promise((r) => setTimeout(r, 500));
    expect(await chargesOf(mandate.id)).toEqual(['0', '1']);
    expect(await balanceOf(walletKeyOfUser(userId))).toBe(100);
    await waitFor(
      'the treasury credited twice',
      async () => (await balanceOf(walletKeyOfTreasury('SUBSCRIPTIONS'))) === treasuryBefore + 600,
    );

    // The payer cancels the PAST_DUE mandate.
    expect(resultOf(await cancel(userId, mandate.id, asUser(userId))).mandate).toMatchObject({ status: 'CANCELLED', cancelledBy: 'user' });
    await waitFor('every step published', async () => (eventsOf(mandate.id).includes('coin.mandate.cancelled') ? true : undefined));
    expect(eventsOf(mandate.id)).toEqual([
      'coin.mandate.granted',
      'coin.mandate.charged',
      'coin.mandate.charged',
      'coin.mandate.charge-failed',
      'coin.mandate.charge-failed',
      'coin.mandate.past-due',
      'coin.mandate.cancelled',
    ]);
  }, 120_000);

  it('when another platform cancels, it finds nothing; when the platform cancels, a due charge never comes, whatever the clock', async () => {
    clock = new Date();
    const userId = await openFunded(10_000);
    const mandate = await grant(userId, { period: 'DAY', startsAt: new Date(clock.getTime() + dayMs).toISOString() });
    const rival = await cancel(userId, mandate.id, { kind: 'system', id: 'rivalco' });
    expect(rival).toMatchObject({ ok: false, error: { code: 'MANDATE_NOT_FOUND' } });
    expect((await mandateRow(mandate.id)).status).toBe('ACTIVE');
    // The cancel and the due charge race: the partition applies them one after the other.
    clock = new Date(clock.getTime() + dayMs);
    const cancelled = resultOf(await cancel(userId, mandate.id, { kind: 'system', id: platform }));
    expect(cancelled.mandate).toMatchObject({ status: 'CANCELLED', cancelledBy: 'client' });
    const chargedBeforeCancel = (await chargesOf(mandate.id)).length;
    expect(chargedBeforeCancel).toBeLessThanOrEqual(1);
    clock = new Date(clock.getTime() + 10 * dayMs);
    await new Promise((r) => setTimeout(r, 800));
    expect((await chargesOf(mandate.id)).length).toBe(chargedBeforeCancel);
    expect(await balanceOf(walletKeyOfUser(userId))).toBe(10_000 - 300 * chargedBeforeCancel);
  }, 60_000);

  it('when the platform client is revoked, then its mandate is cancelled before its next period instead of charged, and the payer is told', async () => {
    clock = new Date();
    const revokedClient = 'revokedco';
    const userId = await openFunded(5_000);
    const mandate = await grant(userId, { clientId: revokedClient });
    await waitFor('period 0 charged', async () => (await chargesOf(mandate.id)).length === 1);
    // The user service's signed revocation record of the client, as it writes one into every partition of ledger.commands.
    const value = await signRevocation({ kid: h.jwtKey.kid, privateKey: h.jwtKey.privateKeyPem }, 'coin-ledger', {
      subject: revocationSubjectOfClient(revokedClient),
      at: new Date(),
    });
    await h.producer.sendMany([{ topic: h.topics.ledgerCommands, message: { key: revocationRecordKey, value, partition: 0 } }]);
    await waitFor('the revocation recorded', async () => {
      const r = await h.pool.query('SELECT 1 FROM revocation_floors WHERE subject = $1', [revocationSubjectOfClient(revokedClient)]);
      return r.rowCount === 1;
    });
    // Cancelled at once by the scheduler's next sweep, before the next period is due.
    await waitFor('cancelled', async () => (await mandateRow(mandate.id)).status === 'CANCELLED');
    clock = new Date(clock.getTime() + 40 * dayMs);
    await new Promise((r) => setTimeout(r, 800));
    expect(await chargesOf(mandate.id)).toEqual(['0']);
    expect(await balanceOf(walletKeyOfUser(userId))).toBe(4_700);
    expect((await mandateRow(mandate.id)) as unknown).toMatchObject({ status: 'CANCELLED', cancelled_by: 'client', next_period: 1 });
    await waitFor('the payer told', async () => (eventsOf(mandate.id).includes('coin.mandate.cancelled') ? true : undefined));
  }, 60_000);

  it('when a charge is forged on ledger.commands or replayed on ledger.internal for a paid period, then nothing is charged', async () => {
    clock = new Date();
    const userId = await openFunded(5_000);
    const mandate = await grant(userId);
    await waitFor('period 0 charged', async () => (await chargesOf(mandate.id)).length === 1);
    // What a compromised gateway could write: a charge on ledger.commands (the ledger's own command).
    const forged = await h.client.request({
      topic: h.topics.ledgerCommands,
      key: walletKeyOfUser(userId),
      timeoutMs: 20_000,
      command: {
        commandId: randomUUID(),
        type: 'ledger.charge-mandate',
        issuedAt: new Date().toISOString(),
        actor: { kind: 'system', id: platform },
        data: { mandateId: mandate.id, fromUserId: userId, period: 1, attempt: 0, amount: 300 },
      },
    });
    expect(forged).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    // A replay of the paid period on ledger.internal, under a fresh attempt (so a fresh command id): refused by the mandate.
    const replay = chargeMandateCommand({ id: mandate.id, fromUserId: userId, nextPeriod: 0, failedAttempts: 1 }, clock);
    await h.producer.sendMany([{ topic: h.topics.ledgerInternal, message: ledgerCommandMessage(replay) }]);
    const outcome = await waitFor('the replay decided', async () => {
      const r = await h.pool.query<{ ok: boolean; reply: string }>('SELECT ok, reply FROM processed_commands WHERE command_id = $1', [
        replay.commandId,
      ]);
      return r.rows[0];
    });
    expect(outcome.ok).toBe(false);
    expect(JSON.parse(outcome.reply)).toMatchObject({ code: 'MANDATE_CHARGE_NOT_DUE' });
    expect(await chargesOf(mandate.id)).toEqual(['0']);
    expect(await balanceOf(walletKeyOfUser(userId))).toBe(4_700);
  }, 60_000);

  it('when the ledger is killed right after it commits a charge and restarted, then the period is charged exactly once', async () => {
    clock = new Date();
    const userId = await openFunded(1_000);
    // Due a few seconds from now, once the ledger below has stopped and the crashing one runs.
    const mandate = await grant(userId, { period: 'DAY', startsAt: new Date(Date.now() + 4_000).toISOString() });
    await h.ledger!.close();
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'test/harness/ledger-crash-child.ts')], {
      cwd: repoRoot,
      env: { ...process.env, ...h.env, CRASH_AFTER_COMMITS: '1', CRASH_ON_TYPE: 'ledger.charge-mandate', MANDATE_SWEEP_INTERVAL_MS: '100' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, s) => resolve(s)));
    expect({ signal, stderr: stderr.includes('failed to start') ? stderr : '' }).toEqual({ signal: 'SIGKILL', stderr: '' });
    // The crash point: the charge is in the database, its events and credit leg were never published.
    expect(await chargesOf(mandate.id)).toEqual(['0']);

    clock = new Date(Date.now() + 1_000);
    await h.startLedger({ now: () => clock });
    await waitFor('the treasury credited and the events published', async () =>
      eventsOf(mandate.id).includes('coin.mandate.charged') ? true : undefined,
    );
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await chargesOf(mandate.id)).toEqual(['0']);
    expect(await balanceOf(walletKeyOfUser(userId))).toBe(700);
    expect(Number((await mandateRow(mandate.id)).next_period)).toBe(1);
  }, 120_000);
});
