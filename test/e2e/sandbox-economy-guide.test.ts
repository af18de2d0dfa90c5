import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { npmStartSettings, repoRoot, runBlocks, shellBlocks, shownMismatch, stackCoordinates } from '../harness/shell';
import { startTestStack, type TestStack } from '../harness/stack';

const guidePath = join(repoRoot, 'docs', 'guides', 'sandbox-economy.md');

/**
 * The guide's stack is `npm start`'s: its settings (npmStartSettings: the rate limits, the
 * cash-out rate of 655 XAF a coin) and a sandbox, so a figure the guide shows that `npm start`
 * would not print (a cash-out's xafAmount) fails here.
 */
describe('docs/guides/sandbox-economy.md, run block by block in one shell against a stack with a sandbox, as `npm start` runs it', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({
      ownStack: 'runs the sandbox guide, whose fixed users and keys no other file may have made first',
      sandbox: true,
      extraEnv: npmStartSettings,
    });
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when its blocks run in order, then one live client’s own test client, with no operator, makes its test users and prints what the guide says: the split and its refunds, the settled cash-outs, the mandate charged, failed and PAST_DUE with its events, its webhook verified, its clock set to a charge and its test data deleted, every coin it left burned', async () => {
    // Run as a reader pastes it: its blocks in order in one strict shell, with the stack's coordinates where `npm start` leaves them.
    const blocks = shellBlocks(readFileSync(guidePath, 'utf8'));
    const ran = await runBlocks(blocks, stackCoordinates(stack));
    if (ran.status !== 0) {
      const where = ran.lastBlock ? `the block at line ${ran.lastBlock.line} (under "${ran.lastBlock.heading}")` : 'before its first block';
      throw new Error(`the guide stopped in ${where}, exit ${ran.status}:\n${ran.stdout.slice(-3000)}\n${ran.stderr.slice(-3000)}`);
    }
    // Each block printed what the guide shows after it (its ```text block; `…` for ids and times).
    const mismatches = blocks.flatMap((block, i) => {
      const why = shownMismatch(block.shows, ran.printed[i] ?? '');
      return why === null ? [] : [`line ${block.line} (under "${block.heading}"): ${why}`];
    });
    expect(mismatches).toEqual([]);
    // And each line, as data.
    const printed = ran.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(printed).toEqual([
      { ownTestClient: expect.stringMatching(/^test_/), treasuries: ['COURSE_FEES', 'REWARDS', 'SUBSCRIPTIONS'] },
      { ownFunded: 500 },
      // The own test client's test user: an id in the test users' range, rewarded in the sandbox.
      { ownTestUser: expect.any(Number) },
      { ownRewarded: 25 },
      { helpers: 'ready' },
      { funded: 1000 },
      { rewarded: 200 },
      { rule: { kind: 'bps', bps: 1000 } },
      { purchase: 45, commission: 5 },
      { refund: 22.5, commissionPart: 2.5 },
      { refund: 22.5, commissionPart: 2.5 },
      { clockAheadSeconds: 60 },
      // Newest first; 655 XAF a coin, the rate `npm start` configures (the sandbox's, as live's).
      { cashout: 10, status: 'FAILED', xafAmount: 6550 },
      { cashout: 20, status: 'CONFIRMED', xafAmount: 13100 },
      { mandate: 'ACTIVE', nextPeriod: 1, failedAttempts: 0 },
      { mandate: 'ACTIVE', nextPeriod: 1, failedAttempts: 1 },
      { mandate: 'PAST_DUE', nextPeriod: 1, failedAttempts: 2 },
      { events: ['coin.mandate.charge-failed', 'coin.mandate.charged', 'coin.mandate.granted', 'coin.mandate.past-due'] },
      // The own test client again. Its webhooks: the reward's event at the receiver, verified by @coin/events; a forged copy refused.
      { endpoint: 'ENABLED', eventTypes: ['coin.transaction.recorded'], secret: 'whsec_…' },
      { rewarded: 7 },
      { verifiedEvent: 'coin.transaction.recorded', amount: 7 },
      { forgedDelivery: 400, reason: 'signature_mismatch' },
      { deliveries: [{ eventType: 'coin.transaction.recorded', status: 'DELIVERED' }] },
      { receiver: 'stopped' },
      // Its clock set to the weekly mandate's next charge: that week charged.
      { weekly: 'ACTIVE', nextPeriod: 1 },
      { clockAtNextCharge: true },
      { weekly: 'ACTIVE', nextPeriod: 2 },
      { annBalance: 5 },
      // Its reset: both mandates cancelled; REWARDS 1268, COURSE_FEES 100, SUBSCRIPTIONS 120, Ada 80, Ann 5 and Cleo 7 burned; its four test users deleted.
      {
        cancelledMandates: 2,
        voidedHolds: 0,
        burnedWallets: 6,
        burned: 1580,
        deletedTestUsers: 4,
        complete: true,
        clockOffsetSeconds: 0,
      },
      { testUsers: 0 },
      { annWallet: 'USER_NOT_FOUND' },
      { clockOffsetSeconds: 0 },
      { ownRevoked: true },
    ]);
  }, 240_000);
});
