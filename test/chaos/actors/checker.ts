/**
 * The checker run's clients (../checker-test.ts): a few concurrent clients over a handful of
 * funded wallets, each with one operation at a time, recorded in a HistoryRecorder for the
 * linearizability checker (test/checker) and the history-read checks (../history/history-reads.ts):
 *  - transfers between the checked wallets (0.01–40 coins of 100, so some run dry and are
 *    refused INSUFFICIENT_FUNDS), each with its own Idempotency-Key, retried with it while the
 *    answer is not definitive (docs/CONTRACT.md "Idempotency") for up to `opGiveUpMs`, then
 *    left without an outcome until settle() drives it to one;
 *  - wallet reads (GET /api/wallets/me), one attempt each, also right after half the answered
 *    transfers (the sender's wallet: read-your-writes);
 *  - history reads (GET /api/coins/history), one attempt each.
 */
import { randomUUID } from 'node:crypto';
import { Loops } from './actor';
import { requestJson } from '../../../bench/lib/http';
import type { SeededUser } from '../../../scripts/stack/seed';
import { isDefinitive, isTimeoutError, pick, sleep, toMinor } from '../client';
import type { HistoryRecorder, OpOutput, RecordedOp } from '../history/recorder';

export interface CheckerActorOptions {
  gatewayUrl: string;
  wallets: SeededUser[];
  clients: number;
  recorder: HistoryRecorder;
  goesOn: () => boolean;
  requestTimeoutMs: number;
  /** A transfer is retried with its key this long, then left open until settle(). */
  opGiveUpMs: number;
  /** Share of transfers, wallet reads and history reads (the rest). */
  mix?: { transfer: number; read: number };
}

type Answer = { status: number; body: Record<string, any> | null; error?: string };

async function request(
  gatewayUrl: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  timeoutMs: number,
  body?: unknown,
): Promise<Answer> {
  try {
    const response = await requestJson(gatewayUrl, method, path, { headers, timeoutMs, ...(body === undefined ? {} : { body }) });
    return { status: response.status, body: response.body as Record<string, any> | null };
  } catch (err) {
    const cause = (err as { cause?: Error }).cause;
    return {
      status: 0,
      body: null,
      error: isTimeoutError(err) ? 'timeout' : `${(err as Error).message}${cause ? `: ${cause.message}` : ''}`,
    };
  }
}

export class CheckerActor {
  readonly name = 'checker';
  private readonly loops = new Loops();
  /** Transfers left without a definitive answer (settle() retries them). */
  private readonly open: Array<{ op: RecordedOp; from: SeededUser }> = [];

  constructor(private readonly options: CheckerActorOptions) {}

  start(): void {
    this.loops.start(this.options.clients, (client) => this.client(client));
  }

  stop(): Promise<void> {
    return this.loops.stop();
  }

  private async client(client: number): Promise<void> {
    const mix = this.options.mix ?? { transfer: 0.5, read: 0.35 };
    while (this.loops.running && this.options.goesOn()) {
      const r = Math.random();
      if (r < mix.transfer) await this.transfer(client);
      else if (r < mix.transfer + mix.read) await this.readWallet(client, pick(this.options.wallets));
      else await this.readHistory(client, pick(this.options.wallets));
    }
  }

  private async transfer(client: number): Promise<void> {
    const { wallets, recorder } = this.options;
    const from = pick(wallets);
    let to = pick(wallets);
    while (to.userId === from.userId) to = pick(wallets);
    const amount = 1 + Math.floor(Math.random() * 4000);
    const op = recorder.invoke(client, 'transfer', { from: from.userId, to: to.userId, amount, key: randomUUID() });
    const giveUpAt = Date.now() + this.options.opGiveUpMs;
    if (!(await this.drive(op, from, giveUpAt))) this.open.push({ op, from });
    // Read-your-writes: half the time the sender's wallet is read right after the answer.
    else if (Math.random() < 0.5) await this.readWallet(client, from);
  }

  /** Sends the transfer (again, same key) until a definitive answer or `giveUpAt`; true when definitive. */
  private async drive(op: RecordedOp, from: SeededUser, giveUpAt: number): Promise<boolean> {
    const { recorder } = this.options;
    for (;;) {
      op.attempts += 1;
      const answer = await request(
        this.options.gatewayUrl,
        'POST',
        '/api/coins/transfer',
        { authorization: `Bearer ${from.accessToken}`, 'idempotency-key': op.input.key! },
        this.options.requestTimeoutMs,
        { toUserId: op.input.to, amount: op.input.amount! / 100, reason: `checker ${op.input.key}` },
      );
      if (isDefinitive(answer)) {
        recorder.complete(
          op,
          answer.status === 201 ? 'ok' : 'fail',
          answer.status === 201
            ? { status: 201, transactionId: answer.body?.transaction?.id, balance: toMinor(answer.body?.wallet?.balance) }
            : { status: answer.status, code: answer.body?.code ?? 'NO_CODE' },
        );
        return true;
      }
      const output: OpOutput = {
        status: answer.status,
        ...(answer.body?.code ? { code: answer.body.code } : {}),
        ...(answer.error ? { error: answer.error } : {}),
      };
      recorder.complete(op, 'info', output);
      if (Date.now() > giveUpAt) return false;
      await sleep(Math.min(1000, 50 * op.attempts) + Math.random() * 100);
    }
  }

  async readWallet(client: number, wallet: SeededUser): Promise<RecordedOp> {
    const { recorder } = this.options;
    const op = recorder.invoke(client, 'read', { wallet: wallet.userId });
    op.attempts = 1;
    const answer = await request(
      this.options.gatewayUrl,
      'GET',
      '/api/wallets/me',
      { authorization: `Bearer ${wallet.accessToken}` },
      this.options.requestTimeoutMs,
    );
    if (answer.status === 200) recorder.complete(op, 'ok', { status: 200, balance: toMinor(answer.body?.balance) });
    else
      recorder.complete(op, 'info', {
        status: answer.status,
        ...(answer.error ? { error: answer.error } : {}),
        ...(answer.body?.code ? { code: answer.body.code } : {}),
      });
    return op;
  }

  /** The whole history of the wallet's owner (pages of 1000, newest first). */
  async readHistory(client: number, wallet: SeededUser): Promise<RecordedOp> {
    const { recorder } = this.options;
    const op = recorder.invoke(client, 'history', { wallet: wallet.userId });
    const ids: number[] = [];
    let cursor: string | null = null;
    for (;;) {
      op.attempts += 1;
      const query: string = cursor ? `?limit=1000&cursor=${encodeURIComponent(cursor)}` : '?limit=1000';
      const answer = await request(
        this.options.gatewayUrl,
        'GET',
        `/api/coins/history${query}`,
        { authorization: `Bearer ${wallet.accessToken}` },
        this.options.requestTimeoutMs,
      );
      if (answer.status !== 200) {
        recorder.complete(op, 'info', { status: answer.status, ...(answer.error ? { error: answer.error } : {}) });
        return op;
      }
      ids.push(...((answer.body?.transactions ?? []) as Array<{ id: number }>).map((t) => t.id));
      cursor = answer.body?.nextCursor ?? null;
      if (!cursor || op.attempts >= 20) break;
    }
    recorder.complete(op, 'ok', { status: 200, transactionIds: ids });
    return op;
  }

  /** Faults over: every transfer left open is driven to a definitive answer (its key makes that safe). */
  async settle(withinMs: number): Promise<number> {
    const deadline = Date.now() + withinMs;
    let settled = 0;
    for (const { op, from } of this.open.splice(0)) {
      if (await this.drive(op, from, deadline)) settled += 1;
      else this.open.push({ op, from });
    }
    return settled;
  }

  /** Transfers that never got a definitive answer. */
  unresolved(): number {
    return this.open.length;
  }
}
