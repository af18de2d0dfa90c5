import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { installProblemHandler } from '@coin/http';
import { scaledBound } from '../../../../test/harness/machine-speed';
import { registerGracefulClose } from './graceful-close';

/** What a raw client saw: the bytes it read, and whether the connection ended with a FIN or a reset. */
function sendRaw(port: number, bytes: Buffer, waitMs = 3000): Promise<{ text: string; ended: 'fin' | 'reset' | 'open' }> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let ended: 'fin' | 'reset' | 'open' = 'open';
    const done = () => resolve({ text: Buffer.concat(chunks).toString('latin1'), ended });
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      ended = 'fin';
      socket.end();
    });
    socket.on('error', () => {
      ended = 'reset';
    });
    socket.on('close', () => {
      clearTimeout(timer);
      done();
    });
    socket.write(bytes);
  });
}

const requestOf = (body: Buffer, extra = '') =>
  Buffer.concat([
    Buffer.from(`POST /echo HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n${extra}\r\n`),
    body,
  ]);

describe('graceful close after an answer given before the body was read (RFC 9112 9.6)', () => {
  let app: FastifyInstance;
  let port: number;
  const handled: string[] = [];

  beforeAll(async () => {
    app = Fastify({ bodyLimit: 1024 });
    installProblemHandler(app);
    registerGracefulClose(app, { bytesMax: 16 * 1024 * 1024, ms: 2000 });
    app.post('/echo', async (request) => {
      handled.push('echo');
      return { got: request.body };
    });
    app.get('/other', async () => {
      handled.push('other');
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
  });

  it('when a body over the limit comes with its headers in one write, then the client reads the 413 and the connection ends with a FIN, not a reset', async () => {
    // Far more than the kernel's buffers hold, so that much of it is still on its way when the answer is written.
    const body = Buffer.alloc(8 * 1024 * 1024, 'a');
    const seen = await sendRaw(port, requestOf(body), 5000);
    expect(seen.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(seen.text.toLowerCase()).toContain('connection: close');
    expect(seen.text).toContain('PAYLOAD_TOO_LARGE');
    expect(seen.ended).toBe('fin');
  });

  it('when the client sends a request after it read the 413, then that is not taken as a request', async () => {
    handled.length = 0;
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    let text = '';
    const answered = new Promise<void>((resolve) =>
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (text.includes('PAYLOAD_TOO_LARGE')) resolve();
      }),
    );
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(requestOf(Buffer.alloc(4096, 'a')));
    await answered;
    socket.write('GET /other HTTP/1.1\r\nhost: x\r\n\r\n');
    await closed;
    expect(text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(handled).toEqual([]);
  });

  it('when the client keeps sending past the bound, then the socket is closed anyway', async () => {
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<number>((resolve) => {
      const start = Date.now();
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(Date.now() - start));
    });
    socket.write(Buffer.from('POST /echo HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100000000\r\n\r\n'));
    const filler = Buffer.alloc(64 * 1024, 'a');
    const pump = setInterval(() => {
      if (!socket.destroyed) socket.write(filler);
    }, 5);
    const ms = await closed;
    clearInterval(pump);
    // Past 16 MiB or 2 s, whichever comes first; twice that, scaled to this machine, is the bound of
    // a socket that would otherwise stay open for as long as the client sends.
    expect(ms).toBeLessThan(scaledBound(4000));
  });

  it('when a body within the limit is sent, then it is answered and the connection stays open for the next request', async () => {
    handled.length = 0;
    const one = requestOf(Buffer.from('{"a":1}'));
    const seen = await sendRaw(port, Buffer.concat([one, Buffer.from('GET /other HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n')]));
    expect(seen.text.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    expect(handled.sort()).toEqual(['echo', 'other']);
  });
});
