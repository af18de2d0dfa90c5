import Fastify from 'fastify';
import { sendStatementCsv } from './statements';

/**
 * The gateway passes the history service's CSV through as it arrives: when that stream fails
 * half-way (the history's database went away mid-read), the caller's response must end in an
 * error, never as a shorter file that looks whole.
 */
describe('the statement CSV passed through the gateway', () => {
  async function serve(upstream: ReadableStream<Uint8Array>) {
    const app = Fastify({ logger: false });
    app.get('/statement.csv', (_request, reply) =>
      sendStatementCsv(reply, {
        response: new Response(upstream, { headers: { 'statement-opening-balance': '1' } }),
        close: () => undefined,
      }),
    );
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, url: `${url}/statement.csv` };
  }

  async function readAll(response: Response): Promise<string> {
    const reader = response.body!.getReader();
    let text = '';
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return text;
      text += new TextDecoder().decode(chunk.value);
    }
  }

  it('when the upstream stream fails after its first rows, then the response is cut off with an error', async () => {
    let fail: (err: Error) => void = () => undefined;
    const upstream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('date,type,amount\r\n2030-05-01,MINT,1\r\n'));
        fail = (err) => controller.error(err);
      },
    });
    const { app, url } = await serve(upstream);
    try {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      const reading = readAll(response);
      setTimeout(() => fail(new Error('Connection terminated unexpectedly')), 50);
      await expect(reading).rejects.toThrow();
    } finally {
      await app.close();
    }
  });

  it('when the upstream stream ends, then the caller gets every row and the balances', async () => {
    const upstream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('date,type,amount\r\n'));
        controller.enqueue(new TextEncoder().encode('2030-05-01,MINT,1\r\n'));
        controller.close();
      },
    });
    const { app, url } = await serve(upstream);
    try {
      const response = await fetch(url);
      expect([response.status, response.headers.get('statement-opening-balance')]).toEqual([200, '1']);
      expect(await readAll(response)).toBe('date,type,amount\r\n2030-05-01,MINT,1\r\n');
    } finally {
      await app.close();
    }
  });
});
