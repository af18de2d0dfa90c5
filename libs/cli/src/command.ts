import { clientCredentialsToken, createCoinClient } from '@coin/client';
import { parseWebhookSecret } from '@coin/events';
import { type StdinReader, signCallbackCommand } from './callbacks';
import { forwardEvent, newForwardSecret } from './forward';
import { listen } from './listen';
import { isSampleType, sampleEvents } from './samples';
import { sandboxCommand } from './sandbox';
import { trigger, triggerableTypes } from './trigger';
import { UsageError } from './usage-error';

export { UsageError } from './usage-error';

export const usage = `usage: coin listen|trigger|sandbox|events|callbacks [flags]   (coin --help: this text)
coin: the coin ledger's command for integrators

  coin listen --forward-to URL [--type EVENT_TYPE] [--since ISO_TIME] [--interval-ms N]
      Relays your platform's events (GET /api/events) to a local receiver, each POSTed as a
      webhook delivery signed with a local secret (printed at start). Ctrl-C stops it.
  coin trigger EVENT_TYPE [--treasury CODE]
      Makes the event happen in the sandbox with your test client's credentials (a test-mode
      client, test_…), by the sandbox commands that really cause it (a test user, a hold, a
      mandate, your sandbox clock moved ahead where time must pass), and prints each step, the
      event's id and each of your endpoints it was queued for (or that none subscribes to it):
      coin.transaction.recorded, coin.hold.created|captured|voided|expired,
      coin.mandate.granted|charged|charge-failed|past-due|cancelled|ended, coin.webhook.test,
      coin.webhook-endpoint.disabled (a temporary endpoint that never answers, then deleted).
      Your sandbox clock stays where a trigger moved it (coin sandbox reset brings it back).
      --treasury: the sandbox treasury funded or paid (REWARDS by default).
  coin trigger EVENT_TYPE --forward-to URL
      POSTs a made-up sample event of any type to URL, signed as listen signs (nothing is sent
      to the API).
  coin sandbox users create NAME | users list
  coin sandbox clock | clock advance SECONDS | clock set ISO_TIME
  coin sandbox reset
      Your test client's sandbox: its test users (made, listed), its clock (read, moved ahead, set
      forward) and the reset of its test data (holds voided, mandates cancelled, coins burned,
      test users deleted, the clock back at wall time).
  coin events resend EVENT_ID
      Asks the API to send one of your events again to each of your endpoints that received it
      (POST /api/events/{id}/resend): each delivery is attempted again now, and audited.
  coin callbacks sign --cashout-id ID --outcome CONFIRMED|FAILED [--provider-reference REF]
                      [--body JSON] [--id CALLBACK_ID] [--format http|json]
      Signs a payout provider's callback (POST /api/cashouts/callbacks) with its callback secret
      and prints the headers and the exact body to send with the provider's token.

Environment (credentials are never taken from the command line):
  COIN_URL              the API, e.g. https://coin.example.com (listen, trigger, sandbox, events)
  COIN_CLIENT_ID, COIN_CLIENT_SECRET   your platform client's credentials (trigger and sandbox: a
                        test-mode client's), or
  COIN_TOKEN            a SYSTEM access token
  COIN_FORWARD_SECRET   the whsec_… secret to sign with (default: a new one each run)
  COIN_CALLBACK_SECRET  a payout provider's callback secret (callbacks sign); or pipe it in on stdin`;

const credentialFlag = /^--?(client-?secret|secret|token|password|api-?key)(=|$)/i;
const intervalMin = 100;
const intervalMax = 60_000;

function flagsOf(args: readonly string[]): { positional: string[]; flags: Map<string, string> } {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  // A secret's form anywhere, a flag's value too, is refused: it would be in ps and the shell's history.
  if (args.some((arg) => credentialFlag.test(arg) || arg.includes('whsec_')))
    throw new UsageError(
      'credentials and secrets come from the environment (COIN_CLIENT_ID, COIN_CLIENT_SECRET, COIN_TOKEN, COIN_CALLBACK_SECRET) or stdin, never the command line',
    );
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value`);
    flags.set(arg.slice(2), value);
    i++;
  }
  return { positional, flags };
}

function forwardUrlOf(flags: Map<string, string>): string {
  const text = flags.get('forward-to');
  if (!text) throw new UsageError('--forward-to URL is required');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError('--forward-to must be an http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--forward-to must be an http:// or https:// URL');
  return url.toString();
}

function secretOf(env: NodeJS.ProcessEnv, print: (line: string) => void): string {
  const given = env.COIN_FORWARD_SECRET;
  if (given !== undefined) {
    // An endpoint's secret of either form (standard base64, or base64url as issued before).
    if ('error' in parseWebhookSecret(given)) throw new UsageError('COIN_FORWARD_SECRET must be a whsec_… secret');
    return given;
  }
  const secret = newForwardSecret();
  print(`Your forwarding secret is ${secret} (verify the forwarded events with it; set COIN_FORWARD_SECRET to keep one across runs)`);
  return secret;
}

function clientOf(env: NodeJS.ProcessEnv) {
  const baseUrl = env.COIN_URL;
  if (!baseUrl) throw new UsageError('COIN_URL must name the API');
  if (env.COIN_TOKEN) return createCoinClient({ baseUrl, accessToken: env.COIN_TOKEN });
  const { COIN_CLIENT_ID: clientId, COIN_CLIENT_SECRET: clientSecret } = env;
  if (!clientId || !clientSecret) throw new UsageError('set COIN_CLIENT_ID and COIN_CLIENT_SECRET (or COIN_TOKEN)');
  return createCoinClient({ baseUrl, accessToken: clientCredentialsToken({ baseUrl, clientId, clientSecret }) });
}

function sinceOf(flags: Map<string, string>): Date {
  const text = flags.get('since');
  if (text === undefined) return new Date();
  const since = new Date(text);
  if (Number.isNaN(since.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(text)) throw new UsageError('--since must be an ISO 8601 time');
  return since;
}

function intervalOf(flags: Map<string, string>): number {
  const text = flags.get('interval-ms') ?? '2000';
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < intervalMin || ms > intervalMax)
    throw new UsageError(`--interval-ms must be an integer from ${intervalMin} to ${intervalMax}`);
  return ms;
}

/** `coin events resend EVENT_ID`: the event sent again to the caller's endpoints that received it. */
async function resendCommand(rest: readonly string[], env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<void> {
  const [subcommand, eventId, ...more] = rest;
  if (subcommand !== 'resend' || !eventId || more.length > 0) throw new UsageError('events takes one subcommand: resend EVENT_ID');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(eventId))
    throw new UsageError('EVENT_ID is an event’s id (a UUID)');
  const answer = await clientOf(env).resendEvent({ path: { id: eventId } });
  if (answer.deliveries.length === 0) print(`${eventId}: no endpoint of yours received it; nothing to resend`);
  for (const delivery of answer.deliveries)
    print(`${eventId}  -> endpoint ${delivery.endpointId}, delivery ${delivery.deliveryId}: ${delivery.status}`);
}

/** No standard input: what a caller that pipes nothing in gets. */
const noStdin: StdinReader = async () => null;

/**
 * Runs one `coin` command: `listen` until `signal` aborts, the others once. Throws UsageError for
 * a wrong command line or environment.
 */
export async function runCoinCommand(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  print: (line: string) => void,
  signal: AbortSignal,
  readStdin: StdinReader = noStdin,
): Promise<void> {
  if (args.length === 1 && ['--help', '-h', 'help'].includes(args[0] as string)) {
    print(usage);
    return;
  }
  const { positional, flags } = flagsOf(args);
  const [command, ...rest] = positional;
  if (command === 'listen') {
    if (rest.length > 0) throw new UsageError(`listen takes no argument besides its flags (got ${rest[0]})`);
    const forwardTo = forwardUrlOf(flags);
    const options = { since: sinceOf(flags), intervalMs: intervalOf(flags), type: flags.get('type'), coin: clientOf(env) };
    const secret = secretOf(env, print);
    print(`Relaying the events of ${env.COIN_URL} recorded after ${options.since.toISOString()} to ${forwardTo}`);
    await listen({ ...options, forwardTo, secret, print, signal });
    return;
  }
  if (command === 'trigger') {
    const [type] = rest;
    if (!flags.has('forward-to')) {
      if (!type || rest.length > 1) throw new UsageError(`trigger needs one event type: ${triggerableTypes.join(', ')}`);
      await trigger(type, { coin: clientOf(env), print, signal, treasury: flags.get('treasury') });
      return;
    }
    if (!type || rest.length > 1 || !isSampleType(type))
      throw new UsageError(`trigger needs one event type: ${Object.keys(sampleEvents).join(', ')}`);
    const forwardTo = forwardUrlOf(flags);
    const payload = sampleEvents[type]();
    const result = await forwardEvent(forwardTo, { id: payload.eventId, payload }, secretOf(env, print));
    print(`${payload.type}  ${payload.eventId}  -> ${result.status ?? `unreachable (${result.error})`}`);
    if (result.status === null || result.status < 200 || result.status > 299) throw new Error('the receiver did not accept the event');
    return;
  }
  if (command === 'sandbox') return sandboxCommand(() => clientOf(env), rest, print);
  if (command === 'events') return resendCommand(rest, env, print);
  if (command === 'callbacks') return signCallbackCommand(rest, flags, env, print, readStdin);
  throw new UsageError(command ? `unknown command ${command}` : 'a command is needed');
}
