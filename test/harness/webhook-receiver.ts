import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as received. */
  body: string;
}

/**
 * A local webhook receiver on 127.0.0.1 (the test stack's operator flags allow http and
 * loopback): `/down` always answers 500, any other path 200. Every request is kept, in order.
 */
export async function startReceiver(): Promise<{ url: string; received: ReceivedRequest[]; close: () => Promise<void> }> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = request.url === '/down' ? 500 : 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
