import type { CoinClient } from '@coin/client';
import { UsageError } from './usage-error';

type Coin = Pick<
  CoinClient,
  'createSandboxTestUser' | 'listSandboxTestUsers' | 'getSandboxClock' | 'advanceSandboxClock' | 'setSandboxClock' | 'resetSandbox'
>;

export const sandboxUsage = `coin sandbox users create NAME | users list
  coin sandbox clock | clock advance SECONDS | clock set ISO_TIME
  coin sandbox reset`;

const clockLine = (clock: { now: string; offsetSeconds: number }) =>
  `sandbox clock: ${clock.now} (${clock.offsetSeconds} s ahead of wall time)`;

/** `coin sandbox users …`: the test client's own sandbox-only test users. */
async function usersCommand(coin: Coin, rest: readonly string[], print: (line: string) => void): Promise<void> {
  const [action, ...names] = rest;
  if (action === 'create' && names.length === 1) {
    const { testUser } = await coin.createSandboxTestUser({ body: { name: names[0] as string } });
    print(`test user ${testUser.userId}  ${testUser.name}  (made ${testUser.createdAt})`);
    return;
  }
  if (action === 'list' && names.length === 0) {
    let cursor: string | undefined;
    do {
      const page = await coin.listSandboxTestUsers({ query: { limit: 100, ...(cursor ? { cursor } : {}) } });
      for (const user of page.testUsers) print(`test user ${user.userId}  ${user.name}  (made ${user.createdAt})`);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return;
  }
  throw new UsageError('sandbox users takes create NAME (one argument: quote a name with spaces) or list');
}

/** `coin sandbox clock …`: the test client's clock read, moved forward, or set (forward only). */
async function clockCommand(coin: Coin, rest: readonly string[], print: (line: string) => void): Promise<void> {
  const [action, value, ...more] = rest;
  if (more.length > 0) throw new UsageError('sandbox clock takes at most an action and its value');
  if (action === undefined) return print(clockLine(await coin.getSandboxClock()));
  if (action === 'advance' && value !== undefined) {
    const seconds = Number(value);
    if (!Number.isInteger(seconds) || seconds < 1) throw new UsageError('sandbox clock advance takes a whole number of seconds, 1 or more');
    return print(clockLine(await coin.advanceSandboxClock({ body: { seconds } })));
  }
  if (action === 'set' && value !== undefined) {
    if (Number.isNaN(Date.parse(value)) || !/^\d{4}-\d{2}-\d{2}T/.test(value))
      throw new UsageError('sandbox clock set takes an ISO 8601 time');
    return print(clockLine(await coin.setSandboxClock({ body: { now: value } })));
  }
  throw new UsageError('sandbox clock takes nothing (read it), advance SECONDS or set ISO_TIME');
}

/** `coin sandbox reset`: the test client's own test data deleted, its clock back at wall time (again while incomplete). */
async function resetCommand(coin: Coin, rest: readonly string[], print: (line: string) => void): Promise<void> {
  if (rest.length > 0) throw new UsageError('sandbox reset takes no argument');
  const done = await coin.resetSandbox({});
  print(
    `sandbox reset: ${done.voidedHolds} holds voided, ${done.cancelledMandates} mandates cancelled, ${done.burned} test coins burned in ${done.burnedWallets} wallets, ${done.deletedTestUsers} test users deleted`,
  );
  print(done.complete ? clockLine(done.clock) : 'more remained than one reset takes: run coin sandbox reset again');
}

/**
 * `coin sandbox …`, with a test-mode client's credentials: its test users, its clock and the
 * reset of its test data (the sandbox routes of the API; a live client's are refused by the API).
 */
export async function sandboxCommand(coin: () => Coin, rest: readonly string[], print: (line: string) => void): Promise<void> {
  const [subcommand, ...more] = rest;
  if (subcommand === 'users') return usersCommand(coin(), more, print);
  if (subcommand === 'clock') return clockCommand(coin(), more, print);
  if (subcommand === 'reset') return resetCommand(coin(), more, print);
  throw new UsageError(`sandbox takes users, clock or reset:\n  ${sandboxUsage}`);
}
