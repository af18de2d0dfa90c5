import { cashoutCallbackBody } from '@coin/contracts';
import { newWebhookSecret, payoutCallbackBodyBytesMax, verifyStandardWebhookSignature } from '@coin/events';
import { runCoinCommand, UsageError } from './command';

/** `coin callbacks sign`: a payout provider's callback, signed as the gateway verifies it (the same check, the same limit). */
describe('coin callbacks sign', () => {
  const cashoutId = '00000000-0000-4000-8000-000000000042';
  const run = (args: string[], env: NodeJS.ProcessEnv = {}, stdin: string | null = null) => {
    const lines: string[] = [];
    return runCoinCommand(
      args,
      env,
      (line) => lines.push(line),
      new AbortController().signal,
      async () => stdin,
    ).then(() => lines);
  };
  const verify = (body: string, headers: Record<string, string>, secret: string) =>
    verifyStandardWebhookSignature(body, headers, [secret], { maxBodyBytes: payoutCallbackBodyBytesMax });

  it('when the secret is in COIN_CALLBACK_SECRET, then it prints the headers, a blank line and the exact body, which verify', async () => {
    const secret = newWebhookSecret();
    const lines = await run(['callbacks', 'sign', '--cashout-id', cashoutId, '--outcome', 'CONFIRMED', '--provider-reference', 'MOMO-1'], {
      COIN_CALLBACK_SECRET: secret,
    });
    const blank = lines.indexOf('');
    const headers = Object.fromEntries(lines.slice(0, blank).map((line) => line.split(': ') as [string, string]));
    const body = lines[blank + 1] as string;
    expect(Object.keys(headers)).toEqual(['content-type', 'webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(cashoutCallbackBody.parse(JSON.parse(body))).toEqual({ cashoutId, outcome: 'CONFIRMED', providerReference: 'MOMO-1' });
    expect(verify(body, headers, secret)).toBe(headers['webhook-id']);
    expect(lines.join('\n')).not.toContain(secret);
  });

  it('when the secret is piped in on stdin and --format json is asked, then one JSON line carries headers and body; the given id and body are kept', async () => {
    const secret = newWebhookSecret();
    const given = '{"cashoutId":"00000000-0000-4000-8000-000000000042","outcome":"FAILED"}';
    const [line] = await run(['callbacks', 'sign', '--body', given, '--id', 'momo-778', '--format', 'json'], {}, `${secret}\n`);
    const signed = JSON.parse(line as string) as { headers: Record<string, string>; body: string };
    expect(signed.body).toBe(given);
    expect(verify(signed.body, signed.headers, secret)).toBe('momo-778');
  });

  it('when the secret is put on the command line, in any form, then it is refused before anything is signed', async () => {
    const secret = newWebhookSecret();
    for (const args of [
      ['callbacks', 'sign', '--cashout-id', cashoutId, '--outcome', 'FAILED', '--secret', secret],
      ['callbacks', 'sign', '--cashout-id', cashoutId, '--outcome', 'FAILED', `--secret=${secret}`],
      ['callbacks', 'sign', '--cashout-id', cashoutId, '--outcome', 'FAILED', secret],
      ['callbacks', 'sign', '--body', `{"note":"${secret}"}`],
    ]) {
      await expect(run(args, {}, null)).rejects.toThrow(/never the command line/);
    }
  });

  it('when something is missing or wrong, then it is a UsageError naming what, and nothing is printed', async () => {
    const env = { COIN_CALLBACK_SECRET: newWebhookSecret() };
    for (const [args, envOf, message] of [
      [['callbacks', 'sign', '--cashout-id', cashoutId, '--outcome', 'CONFIRMED'], {}, 'COIN_CALLBACK_SECRET'],
      [['callbacks', 'sign', '--cashout-id', cashoutId], env, '--outcome CONFIRMED|FAILED'],
      [['callbacks', 'sign', '--cashout-id', cashoutId, '--outcome', 'PAID'], env, '--outcome CONFIRMED|FAILED'],
      [['callbacks', 'sign', '--body', '{}', '--cashout-id', cashoutId], env, 'not both'],
      [['callbacks', 'sign', '--body', 'not json'], env, 'JSON'],
      [['callbacks', 'sign', '--body', '{}', '--id', 'a.b'], env, 'without a dot'],
      [['callbacks', 'sign', '--body', '{}', '--format', 'xml'], env, '--format'],
      [['callbacks', 'sign', '--body', '{}'], { COIN_CALLBACK_SECRET: 'hunter2' }, 'whsec_'],
      [['callbacks', 'verify'], env, 'one subcommand: sign'],
    ] as const) {
      const lines: string[] = [];
      const refused = await runCoinCommand([...args], { ...envOf }, (line) => lines.push(line), new AbortController().signal).catch(
        (err: unknown) => err,
      );
      expect({ args, error: refused instanceof UsageError, message: String((refused as Error).message), lines }).toEqual({
        args,
        error: true,
        message: expect.stringContaining(message),
        lines: [],
      });
    }
  });
});
