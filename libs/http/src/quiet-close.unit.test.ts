import { connect, type Socket } from 'node:net';
import { Agent, request } from 'node:http';
import Fastify from 'fastify';
import { endQuietConnectionsOnClose } from './quiet-close';

/** Settles with 'closed' when the close completes within `ms`, 'still open' otherwise. */
async function closesWithin(closing: Promise<unknown>, ms: number): Promise<'closed' | 'still open'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still open'>((resolve) => {
    timer = setTimeout(() => resolve('still open'), ms);
  });
  try {
    return await Promise.race([closing.then(() => 'closed' as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

function openSilently(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

describe("an app's close and the connections that carry no request", () => {
  const opened: Socket[] = [];
  afterEach(() => {
    for (const socket of opened.splice(0)) socket.destroy();
  });

  it.each([
    ['with the hook', 'closed', true],
    ['without it (Node waits for the headers timeout)', 'still open', false],
  ] as const)(
    'when a client opened a connection and sent nothing, %s, then the app is %s 2 s into its close',
    async (_name, expected, hooked) => {
      const app = Fastify();
      if (hooked) endQuietConnectionsOnClose(app);
      app.get('/', async () => ({ ok: true }));
      await app.listen({ host: '127.0.0.1', port: 0 });
      const silent = await openSilently((app.server.address() as { port: number }).port);
      opened.push(silent);
      const closing = app.close();
      expect(await closesWithin(closing, 2000)).toBe(expected);
      silent.destroy();
      await closing;
    },
  );

  it('when a keep-alive request is in flight at the close, then it is answered and its connection ended at once, not at the keep-alive timeout', async () => {
    const app = Fastify();
    endQuietConnectionsOnClose(app);
    let arrived!: () => void;
    const inHandler = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    app.get('/slow', async () => {
      arrived();
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { ok: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const agent = new Agent({ keepAlive: true });
    const { port } = app.server.address() as { port: number };
    const answer = new Promise<number | undefined>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/slow', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', reject);
      req.end();
    });
    await inHandler;
    const closing = app.close();
    expect(await answer).toBe(200);
    expect(await closesWithin(closing, 2000)).toBe('closed');
    agent.destroy();
  });
});
