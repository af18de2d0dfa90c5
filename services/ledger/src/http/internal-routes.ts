import {
  internalTransactionPage,
  supplyReport,
  transaction,
  transactionIdParam,
  transactionView,
  treasuryList,
  userIdParam,
  wallet,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { Pool } from '@coin/db';
import type { App } from '@coin/http';
import { z } from 'zod';
import { auditLedger } from '../db/audit';
import { findTransaction, findWalletOfUser, listTreasuryWallets, transactionsAfter } from '../db/reads';
import { treasuryView, userWalletView } from '../views/wallet-view';

/** Largest page of GET /internal/transactions: a rebuild pages through the whole ledger. */
const transactionPageSizeMax = 1000;

export function registerInternalRoutes(app: App, deps: { pool: Pool; xafRate?: number | undefined }): void {
  app.get(
    '/internal/wallets/by-user/:userId',
    { schema: { params: z.object({ userId: userIdParam }), response: { 200: wallet } } },
    async (request) => {
      const found = await findWalletOfUser(deps.pool, request.params.userId);
      if (!found) throw new AppError('WALLET_NOT_FOUND', 'This user has no wallet');
      return userWalletView(found, request.params.userId, deps.xafRate);
    },
  );

  app.get(
    '/internal/transactions',
    {
      schema: {
        querystring: z.strictObject({
          afterId: z.coerce.number().int().nonnegative().default(0),
          limit: z.coerce.number().int().min(1).max(transactionPageSizeMax).default(500),
        }),
        response: { 200: internalTransactionPage },
      },
    },
    async (request) => {
      const { afterId, limit } = request.query;
      const transactions = (await transactionsAfter(deps.pool, afterId, limit)).map(transactionView);
      return { transactions, nextAfterId: transactions.length === limit ? transactions[transactions.length - 1]!.id : null };
    },
  );

  app.get(
    '/internal/transactions/:id',
    { schema: { params: z.object({ id: transactionIdParam }), response: { 200: transaction } } },
    async (request) => {
      const found = await findTransaction(deps.pool, request.params.id);
      if (!found) throw new AppError('TRANSACTION_NOT_FOUND', `Transaction ${request.params.id} does not exist`);
      return transactionView(found);
    },
  );

  app.get('/internal/treasuries', { schema: { response: { 200: treasuryList } } }, async () => ({
    treasuries: (await listTreasuryWallets(deps.pool)).flatMap((w) => (w.party.kind === 'treasury' ? [treasuryView(w, w.party.code)] : [])),
  }));

  app.get('/internal/supply', { schema: { response: { 200: supplyReport } } }, async () => {
    const client = await deps.pool.connect();
    try {
      return await auditLedger(client);
    } finally {
      client.release();
    }
  });
}
