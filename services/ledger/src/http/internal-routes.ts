import {
  internalHoldsQuery,
  approvableCommand,
  balanceChangesPage,
  balanceChangesQuery,
  approval,
  approvalPage,
  approvalsQuery,
  internalHold,
  payoutApproval,
  payoutApprovalPage,
  payoutApprovalsQuery,
  holdPage,
  internalTransactionPage,
  role,
  spendingLimits,
  supplyReport,
  transaction,
  transactionIdParam,
  transactionView,
  treasuryCodes,
  treasuryList,
  treasuryOf,
  internalTreasuriesQuery,
  userIdParam,
  uuidInput,
  wallet,
  walletKeyOf,
  walletKeyOfUser,
  decidedKindListOf,
  decidedKindPageOf,
  decidedKinds,
  type DecidedKind,
  type ApprovalAct,
  type ApprovalStatus,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { Pool } from '@coin/db';
import { registerRoutes, routeOf, type App, type InternalRoute } from '@coin/http';
import { z } from 'zod';
import { auditShards } from '../db/audit-shards';
import { readBalanceChanges, readTransactionTypes } from '../db/balance-change-reads';
import { balanceChangedEvent } from '../apply/messages';
import { firstFound, gathered, pagedOverShards } from '../db/shard-reads';
import { findApproval, listApprovals } from '../db/approval-reads';
import { findHold, listHolds } from '../db/hold-reads';
import { findTransaction, findWalletOfUser, findWalletsByKey, listTreasuryWallets, transactionsAfter } from '../db/reads';
import { emptyWallet, type LedgerPolicy } from '../domain/ledger';
import { approvalActOf } from '../domain/commands/approvable';
import { actView } from '../domain/commands/acts/table';
import { approvalView, payoutApprovalView } from '../views/approval-view';
import { holdView } from '../views/hold-view';
import { spendingLimitsView } from '../views/limits-view';
import { treasuryView, userWalletView } from '../views/wallet-view';

/** Largest page of GET /internal/transactions: a rebuild pages through the whole ledger. */
const transactionPageSizeMax = 1000;

export interface InternalRouteDeps {
  /** The shards' pools, the home shard first (docs/design/ledger.md "Shards"); one pool without shards. */
  pools: readonly Pool[];
  /** The shard (index into `pools`) owning a wallet key: every shard is seeded with the treasury rows, only the owner's is live. */
  shardOfWallet: (walletKey: string) => number;
  xafRate?: number | undefined;
  policy: LedgerPolicy;
  now: () => Date;
  /** CREDIT_LEG_MAX_AGE_S: legs owed longer are reported stale by /internal/supply. */
  creditLegMaxAgeS: number;
}

/** The ledger's internal reads: wallets, approvals and holds, transactions, treasuries and the supply check. */
export function registerInternalRoutes(app: App, deps: InternalRouteDeps): void {
  registerRoutes(app, walletRoutes, deps);
  registerRoutes(app, approvalAndHoldRoutes, deps);
  registerRoutes(app, transactionAndSupplyRoutes, deps);
}

const route = routeOf<InternalRouteDeps>();

/** A user's wallet, its spending limits and its balance changes. */
const walletRoutes: InternalRoute<InternalRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/internal/wallets/by-user/:userId',
    schema: { params: z.object({ userId: userIdParam }), response: { 200: wallet } },
    handler: async (request, _reply, deps) => {
      const found = await firstFound(deps.pools, (db) => findWalletOfUser(db, request.params.userId));
      if (!found) throw new AppError('WALLET_NOT_FOUND', 'This user has no wallet');
      return userWalletView(found, request.params.userId, deps.xafRate);
    },
  }),
  route({
    method: 'GET',
    url: '/internal/wallets/by-user/:userId/limits',
    schema: {
      params: z.object({ userId: userIdParam }),
      // The user's role is the user service's; the caller (the gateway) names it.
      querystring: z.strictObject({ role }),
      response: { 200: spendingLimits },
    },
    handler: async (request, _reply, deps) => {
      const found = await firstFound(deps.pools, (db) => findWalletOfUser(db, request.params.userId));
      if (!found) throw new AppError('WALLET_NOT_FOUND', 'This user has no wallet');
      return spendingLimitsView(found, request.params.userId, request.query.role, deps.policy, deps.now());
    },
  }),
  route({
    method: 'GET',
    url: '/internal/wallets/by-user/:userId/balance-changes',
    schema: { params: z.object({ userId: userIdParam }), querystring: balanceChangesQuery, response: { 200: balanceChangesPage } },
    handler: (request, _reply, deps) => balanceChanges(deps, request.params.userId, request.query),
  }),
];

/**
 * The list of each act decided on routes of its own (a cash-out's reversal, a commission rule's
 * change), drawn from its contract row (@coin/contracts decidedKindLists: its path, query and
 * page): its requests over every shard, each as its act's module shows it (acts/table.ts
 * actView), so such an act adds no route here.
 */
function decidedKindListRoutes(): InternalRoute<InternalRouteDeps>[] {
  return decidedKinds.map(decidedKindListRoute);
}

function decidedKindListRoute<A extends DecidedKind>(act: A): InternalRoute<InternalRouteDeps> {
  const { path, query, response } = decidedKindListOf(act);
  const view = actView(act);
  return route({
    method: 'GET',
    url: path,
    // The page is typed by the contract (decidedKindPageOf): fastify cannot resolve the reply type of a generic act's schema.
    schema: { querystring: query, response: { 200: response as z.ZodType } },
    handler: async (request, _reply, deps) => {
      const { limit, offset } = request.query;
      const page = await approvalsOverShards(deps, request.query, act);
      return decidedKindPageOf(act, page.rows.map(view), { limit, offset, total: page.total });
    },
  });
}

/** Approval requests (those holding a payout apart) and holds, one by id or a page over every shard. */
const approvalAndHoldRoutes: InternalRoute<InternalRouteDeps>[] = [
  // The view, and the command as the ledger keeps it: the gateway keys the approval's commands by it.
  route({
    method: 'GET',
    url: '/internal/approvals/:id',
    schema: { params: z.object({ id: uuidInput }), response: { 200: z.object({ approval, command: approvableCommand }) } },
    handler: async (request, _reply, deps) => {
      const found = await firstFound(deps.pools, (db) => findApproval(db, request.params.id));
      // Only the money act's requests are Approvals: a payout's (docs/design/ledger.md "Payouts"), a
      // reversal's and a commission change's are shown on their own routes.
      if (!found || approvalActOf(found.command) !== 'money') {
        throw new AppError('APPROVAL_NOT_FOUND', `Approval request ${request.params.id} does not exist`);
      }
      return { approval: approvalView(found), command: found.command };
    },
  }),
  route({
    method: 'GET',
    url: '/internal/payout-approvals/:id',
    schema: { params: z.object({ id: uuidInput }), response: { 200: z.object({ payoutApproval, command: approvableCommand }) } },
    handler: async (request, _reply, deps) => {
      const found = await firstFound(deps.pools, (db) => findApproval(db, request.params.id));
      if (!found || approvalActOf(found.command) !== 'payout') {
        throw new AppError('APPROVAL_NOT_FOUND', `Payout approval request ${request.params.id} does not exist`);
      }
      return { payoutApproval: payoutApprovalView(found), command: found.command };
    },
  }),
  route({
    method: 'GET',
    url: '/internal/payout-approvals',
    schema: { querystring: payoutApprovalsQuery, response: { 200: payoutApprovalPage } },
    handler: async (request, _reply, deps) => {
      const { limit, offset } = request.query;
      const page = await approvalsOverShards(deps, request.query, 'payout');
      return { payoutApprovals: page.rows.map(payoutApprovalView), pagination: { limit, offset, total: page.total } };
    },
  }),
  route({
    method: 'GET',
    url: '/internal/approvals',
    schema: { querystring: approvalsQuery, response: { 200: approvalPage } },
    handler: async (request, _reply, deps) => {
      const { limit, offset } = request.query;
      const page = await approvalsOverShards(deps, request.query, 'money');
      return { approvals: page.rows.map(approvalView), pagination: { limit, offset, total: page.total } };
    },
  }),
  ...decidedKindListRoutes(),
  // With who may settle it: the gateway judges a capture or void by it before sending one.
  route({
    method: 'GET',
    url: '/internal/holds/:id',
    schema: { params: z.object({ id: uuidInput }), response: { 200: internalHold } },
    handler: async (request, _reply, deps) => {
      const found = await firstFound(deps.pools, (db) => findHold(db, request.params.id));
      if (!found) throw new AppError('HOLD_NOT_FOUND', `Hold ${request.params.id} does not exist`);
      return { ...holdView(found), settlerClientId: found.settlerClientId };
    },
  }),
  route({
    method: 'GET',
    url: '/internal/holds',
    schema: { querystring: internalHoldsQuery, response: { 200: holdPage } },
    handler: (request, _reply, deps) => holdsOverShards(deps, request.query),
  }),
];

/** Transactions (the history rebuild's pages, one by id), the treasuries and the supply check. */
const transactionAndSupplyRoutes: InternalRoute<InternalRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/internal/transactions',
    schema: {
      querystring: z.strictObject({
        afterId: z.coerce.number().int().nonnegative().default(0),
        limit: z.coerce.number().int().min(1).max(transactionPageSizeMax).default(500),
      }),
      response: { 200: internalTransactionPage },
    },
    handler: (request, _reply, deps) => transactionPage(deps, request.query.afterId, request.query.limit),
  }),
  route({
    method: 'GET',
    url: '/internal/transactions/:id',
    schema: { params: z.object({ id: transactionIdParam }), response: { 200: transaction } },
    handler: async (request, _reply, deps) => {
      const found = await firstFound(deps.pools, (db) => findTransaction(db, request.params.id));
      if (!found) throw new AppError('TRANSACTION_NOT_FOUND', `Transaction ${request.params.id} does not exist`);
      return transactionView(found);
    },
  }),
  route({
    method: 'GET',
    url: '/internal/treasuries',
    schema: { querystring: internalTreasuriesQuery, response: { 200: treasuryList } },
    handler: async (request, _reply, deps) => {
      const { clientId } = request.query;
      return { treasuries: clientId === undefined ? await treasuries(deps) : await ownTreasuries(deps, clientId) };
    },
  }),
  route({
    method: 'GET',
    url: '/internal/supply',
    schema: { response: { 200: supplyReport } },
    handler: async (_request, _reply, deps) => auditShards(deps.pools, { now: deps.now(), creditLegMaxAgeS: deps.creditLegMaxAgeS }),
  }),
];

/**
 * What a live balance stream replays on resume: the coin.balance.changed events the ledger
 * published for the wallet, rebuilt from its entries (same eventId, same fields), read from the
 * one shard that owns the wallet.
 */
async function balanceChanges(deps: InternalRouteDeps, userId: number, query: z.output<typeof balanceChangesQuery>) {
  const { afterSequence, limit } = query;
  const shard = deps.shardOfWallet(walletKeyOfUser(userId));
  const others = deps.pools.filter((_, i) => i !== shard);
  const found = await readBalanceChanges(deps.pools[shard]!, userId, afterSequence, limit, async (ids) => {
    const types = await Promise.all(others.map((db) => readTransactionTypes(db, ids)));
    return new Map(types.flatMap((map) => [...map]));
  });
  if (!found) throw new AppError('WALLET_NOT_FOUND', 'This user has no wallet');
  return { sequence: found.sequence, changes: found.changes.map(({ change, at }) => balanceChangedEvent(change, at)) };
}

/** A page of one four-eyes act's requests over every shard, newest first (db/approval-reads.ts listApprovals). */
function approvalsOverShards(
  deps: InternalRouteDeps,
  query: { status?: ApprovalStatus | undefined; limit: number; offset: number },
  act: ApprovalAct,
) {
  const { status, limit, offset } = query;
  return pagedOverShards(
    deps.pools,
    { limit, offset },
    async (db, first) => {
      const part = await listApprovals(db, { status, act, ...first });
      return { rows: part.approvals, total: part.total };
    },
    newestFirst,
  );
}

/** A page of holds over every shard, newest first, a payer's or every one, or those one platform client settles. */
async function holdsOverShards(deps: InternalRouteDeps, query: z.output<typeof internalHoldsQuery>) {
  const { userId, status, settlerClientId, limit, offset } = query;
  const page = await pagedOverShards(
    deps.pools,
    { limit, offset },
    async (db, first) => {
      const part = await listHolds(db, { fromUserId: userId, status, settlerClientId, ...first });
      return { rows: part.holds, total: part.total };
    },
    newestFirst,
  );
  return { holds: page.rows.map(holdView), pagination: { limit, offset, total: page.total } };
}

/** The transactions past a cursor, in id order, for the history rebuild. */
async function transactionPage(deps: InternalRouteDeps, afterId: number, limit: number) {
  // Ids are one series over shards (the home shard hands them out): each shard's first `limit`
  // past the cursor, merged by id, are the ledger's.
  const rows = await gathered(deps.pools, (db) => transactionsAfter(db, afterId, limit));
  const transactions = rows
    .sort((a, b) => Number(a.id) - Number(b.id))
    .slice(0, limit)
    .map(transactionView);
  return { transactions, nextAfterId: transactions.length === limit ? transactions[transactions.length - 1]!.id : null };
}

/** The treasury wallets, each from the shard that owns it, by code. */
async function treasuries(deps: InternalRouteDeps) {
  return (
    await Promise.all(
      deps.pools.map(async (db, shard) =>
        (await listTreasuryWallets(db)).filter((w) => deps.shardOfWallet(walletKeyOf(w.party)) === shard),
      ),
    )
  )
    .flat()
    .sort((a, b) => (a.party.kind === 'treasury' && b.party.kind === 'treasury' ? a.party.code.localeCompare(b.party.code) : 0))
    .flatMap((w) => (w.party.kind === 'treasury' ? [treasuryView(w, w.party.code)] : []));
}

/**
 * A test-mode client's own sandbox treasuries (docs/decisions/0018-sandbox.md "Treasuries of each
 * test client's own"), one of each code in code order, each read from the shard that owns its
 * key: a treasury it never used (or used last before its reset) reads as the new wallet its next
 * use opens, balance and totals 0.
 */
async function ownTreasuries(deps: InternalRouteDeps, clientId: string) {
  const parties = [...treasuryCodes].sort().map((code) => treasuryOf(code, clientId));
  const keys = parties.map(walletKeyOf);
  const found = await Promise.all(
    deps.pools.map(async (db, shard) => (await findWalletsByKey(db, keys)).filter((w) => deps.shardOfWallet(w.key) === shard)),
  );
  const byKey = new Map(found.flat().map((w) => [w.key, w]));
  const now = deps.now();
  return parties.map((party) => treasuryView(byKey.get(walletKeyOf(party)) ?? emptyWallet(party, now), party.code));
}

/** The order of the approval and hold lists: newest first, then by id (as their SQL orders them). */
export function newestFirst(a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
