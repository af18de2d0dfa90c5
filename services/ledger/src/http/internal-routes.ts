import { userIdParam, wallet } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { Pool } from '@coin/db';
import type { App } from '@coin/http';
import { z } from 'zod';
import { findWalletByUser } from '../db/wallets-repo';
import { toWallet } from '../domain/wallets';

export function registerInternalRoutes(app: App, deps: { pool: Pool; xafRate?: number | undefined }): void {
  app.get(
    '/internal/wallets/by-user/:userId',
    { schema: { params: z.object({ userId: userIdParam }), response: { 200: wallet } } },
    async (request) => {
      const row = await findWalletByUser(deps.pool, request.params.userId);
      if (!row) throw new AppError('WALLET_NOT_FOUND', 'This user has no wallet');
      return toWallet(row, deps.xafRate);
    },
  );
}
