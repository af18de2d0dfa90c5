import { signPayoutCallback } from '@coin/events';
import { UsageError } from './usage-error';

/** Reads standard input whole, or null when it is a terminal (no secret was piped in). */
export type StdinReader = () => Promise<string | null>;

const outcomes = ['CONFIRMED', 'FAILED'];

/**
 * The callback secret: COIN_CALLBACK_SECRET, else the first line piped in on standard input. Never
 * a flag or an argument: a command line is seen by every user of the machine (ps) and kept in
 * shell histories.
 */
async function callbackSecretOf(env: NodeJS.ProcessEnv, readStdin: StdinReader): Promise<string> {
  if (env.COIN_CALLBACK_SECRET) return env.COIN_CALLBACK_SECRET;
  const piped = await readStdin();
  const secret = piped?.split(/\r?\n/, 1)[0]?.trim();
  if (!secret) throw new UsageError('set COIN_CALLBACK_SECRET, or pipe the callback secret in on standard input');
  return secret;
}

/** The callback's body: --body JSON as given, or one made of --cashout-id, --outcome and --provider-reference. */
function bodyOf(flags: Map<string, string>): string | Record<string, unknown> {
  const given = flags.get('body');
  const cashoutId = flags.get('cashout-id');
  if (given !== undefined) {
    if (cashoutId !== undefined || flags.has('outcome')) throw new UsageError('give --body, or --cashout-id and --outcome, not both');
    return given;
  }
  const outcome = flags.get('outcome');
  if (!cashoutId || !outcome || !outcomes.includes(outcome))
    throw new UsageError('callbacks sign needs --cashout-id ID and --outcome CONFIRMED|FAILED (or --body JSON)');
  const reference = flags.get('provider-reference');
  return { cashoutId, outcome, ...(reference !== undefined ? { providerReference: reference } : {}) };
}

/**
 * `coin callbacks sign`: signs a payout provider's callback (POST /api/cashouts/callbacks) with its
 * callback secret, as `signPayoutCallback` of @coin/events does, and prints what to send: the
 * headers, a blank line and the exact body (`--format json`: one line, `{ headers, body }`).
 */
export async function signCallbackCommand(
  rest: readonly string[],
  flags: Map<string, string>,
  env: NodeJS.ProcessEnv,
  print: (line: string) => void,
  readStdin: StdinReader,
): Promise<void> {
  if (rest[0] !== 'sign' || rest.length > 1) throw new UsageError('callbacks takes one subcommand: sign');
  const format = flags.get('format') ?? 'http';
  if (format !== 'http' && format !== 'json') throw new UsageError('--format is http or json');
  const body = bodyOf(flags);
  const secret = await callbackSecretOf(env, readStdin);
  let signed: ReturnType<typeof signPayoutCallback>;
  try {
    signed = signPayoutCallback({ body, secret, ...(flags.has('id') ? { id: flags.get('id') as string } : {}) });
  } catch (err) {
    // What the gateway would refuse: a secret that is none, a body that is no JSON object, an id with a dot.
    throw new UsageError((err as Error).message);
  }
  if (format === 'json') {
    print(JSON.stringify(signed));
    return;
  }
  for (const [name, value] of Object.entries(signed.headers)) print(`${name}: ${value}`);
  print('');
  print(signed.body);
}
