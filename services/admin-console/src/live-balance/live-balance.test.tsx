import { act, screen } from '@testing-library/react';
import { renderScreen } from '../../test/fake-console';
import type { ConsoleSession } from '../context';
import { AccountScreen } from '../screens/account';
import { type LiveBalance, type LiveState, openBalanceStream } from './balance-stream';

// jsdom has no TextDecoder or TextEncoder (every browser does): fetch-event-source decodes the stream with it.
const { TextDecoder, TextEncoder } = jest.requireActual<{
  TextDecoder: typeof globalThis.TextDecoder;
  TextEncoder: typeof globalThis.TextEncoder;
}>('node:util');
Object.assign(globalThis, { TextDecoder });

type Handlers = Parameters<ConsoleSession['streamBalance']>[1];

describe('live balance', () => {
  it('when the account screen is shown, then it follows the signed-in person’s stream: each balance as it comes, the stream closed with the screen', async () => {
    const opened: Array<{ path: string; handlers: Handlers }> = [];
    const close = jest.fn();
    const streamBalance = (path: string, handlers: Handlers) => {
      opened.push({ path, handlers });
      return close;
    };
    const { unmount } = renderScreen(<AccountScreen />, {}, { streamBalance });
    expect(opened.map((o) => o.path)).toEqual(['/api/wallets/me/stream']);
    const line = () => screen.getByText(/Your balance/).textContent;
    expect(line()).toBe('Your balance: — (connecting…)');
    const { handlers } = opened[0]!;
    await act(async () => {
      handlers.onState('live');
      handlers.onBalance({ balance: 120.5, sequence: 4 });
    });
    expect(line()).toBe('Your balance: 120.50 (live)');
    await act(async () => handlers.onBalance({ balance: 1045.5, sequence: 5 }));
    expect(line()).toBe('Your balance: 1,045.50 (live)');
    await act(async () => handlers.onState('reconnecting'));
    expect(line()).toBe('Your balance: 1,045.50 (reconnecting…)');
    unmount();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('when the stream ends, then it reconnects with a fresh token and the Last-Event-ID of the last event, drops what is not a balance, and stops on a refusal', async () => {
    const encoder = new TextEncoder();
    const body = (text: string) => {
      let sent = false;
      return {
        getReader: () => ({
          read: async () => {
            if (sent) return { done: true, value: undefined };
            sent = true;
            return { done: false, value: encoder.encode(text) };
          },
        }),
      };
    };
    const answer = (status: number, contentType: string, text: string) =>
      ({
        ok: status < 300,
        status,
        headers: { get: (name: string) => (name === 'content-type' ? contentType : null) },
        body: body(text),
      }) as unknown as Response;
    const requests: Array<Record<string, string>> = [];
    const answers = [
      answer(
        200,
        'text/event-stream; charset=utf-8',
        'retry: 2000\n\nid: 4\nevent: snapshot\ndata: {"balance":120.5,"sequence":4}\n\n: keep-alive\n\n' +
          'id: 5\nevent: balance\ndata: {"sequence":5,"balance":145.5,"previousBalance":120.5,"amount":25}\n\n' +
          'event: balance\ndata: not json\n\nevent: balance\ndata: {"balance":"lots","sequence":6}\n\n',
      ),
      answer(
        200,
        'text/event-stream',
        'id: 6\nevent: balance\ndata: {"sequence":6,"balance":140,"previousBalance":145.5,"amount":-5.5}\n\n',
      ),
      answer(403, 'application/problem+json', '{"status":403,"code":"FORBIDDEN"}'),
    ];
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      // A copy: fetch-event-source goes on writing Last-Event-ID into the object it sent.
      requests.push({ ...(init.headers as Record<string, string>) });
      return answers.shift()!;
    }) as unknown as typeof fetch;
    const balances: LiveBalance[] = [];
    const states: LiveState[] = [];
    const stopped = new Promise<void>((resolve) => {
      let token = 0;
      openBalanceStream({
        url: 'http://localhost/api/wallets/me/stream',
        token: async () => `token-${++token}`,
        onBalance: (balance) => balances.push(balance),
        onState: (state) => {
          states.push(state);
          if (state === 'stopped') resolve();
        },
        retryMs: 0,
        fetch: fakeFetch,
      });
    });
    await stopped;
    expect(balances).toEqual([
      { balance: 120.5, sequence: 4 },
      { balance: 145.5, sequence: 5 },
      { balance: 140, sequence: 6 },
    ]);
    expect(requests.map((h) => [h.authorization, h['last-event-id']])).toEqual([
      ['Bearer token-1', undefined],
      ['Bearer token-2', '5'],
      ['Bearer token-3', '6'],
    ]);
    expect(states).toEqual(['connecting', 'live', 'reconnecting', 'live', 'reconnecting', 'stopped']);
  });
});
