import { createPool, type Pool, schemaName } from '@coin/db';
import { eventually } from './eventually';
import type { TestStack } from './stack';

/**
 * Waits until the monitoring service has evaluated transactions: a transaction's row in
 * `monitoring_transactions` is written in the transaction of its verdict, so once it is there the
 * rule engine's windows hold the movement. The monitor evaluates in the order it reads
 * (docs/design/monitoring.md "Order"): the hops of a ring sent one after another may be read in
 * any order by a consumer that is behind, as on a busy CI box, so a test of a cycle sends each hop
 * only once the one before was evaluated, instead of sleeping and hoping the consumer kept up.
 */
export class MonitoredTransactions {
  private readonly pool: Pool;

  constructor(stack: TestStack, applicationName = 'test-monitored-transactions') {
    this.pool = createPool({ url: stack.databaseUrl, schema: schemaName(stack.prefix, 'monitoring'), applicationName, connectionsMax: 2 });
  }

  /** Resolves once every one of these transactions is evaluated; fails after `limitMs` (scaled, as every `eventually`). */
  async evaluated(transactionIds: number[], limitMs = 20_000): Promise<void> {
    await eventually(
      async () => {
        const r = await this.pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM monitoring_transactions WHERE transaction_id = ANY($1)',
          [transactionIds],
        );
        return r.rows[0]!.n === transactionIds.length ? true : undefined;
      },
      limitMs,
      `the monitoring service evaluating ${transactionIds.length} transaction(s)`,
    );
  }

  /**
   * A transfer's answer, once the monitor evaluated the transaction it made: for the hops of a
   * ring before its closing one. An answer other than 201 is returned at once, for the test's
   * assertion to say what it was.
   */
  async afterEvaluated<Answer extends { status: number; body: any }>(answer: Answer): Promise<Answer> {
    if (answer.status === 201) await this.evaluated([Number(answer.body.transaction.id)]);
    return answer;
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
