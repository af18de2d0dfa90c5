import net from 'node:net';

/**
 * - `pass`: bytes flow both ways.
 * - `refuse`: every connection is reset, new ones as soon as they are accepted (to the client
 *   this is the same as a stopped server: the connection fails at once).
 * - `blackhole`: connections are accepted but nothing moves either way and nothing is answered,
 *   as when the server's host vanished or a network partition swallows the packets. Bytes
 *   already sent wait (not lost, as TCP would keep them) and flow again on `pass`.
 */
export type TcpProxyMode = 'pass' | 'refuse' | 'blackhole';

export interface TcpProxy {
  readonly port: number;
  readonly mode: TcpProxyMode;
  setMode(mode: TcpProxyMode): void;
  close(): Promise<void>;
}

interface Link {
  client: net.Socket;
  upstream?: net.Socket;
}

/**
 * A TCP proxy in front of one server, so a test can break the path to a shared server (Redis,
 * used by every test running in parallel) for one client only, without stopping the server.
 */
export async function startTcpProxy(target: { host: string; port: number }, initialMode: TcpProxyMode = 'pass'): Promise<TcpProxy> {
  let mode = initialMode;
  const links = new Set<Link>();

  const drop = (link: Link) => {
    links.delete(link);
    link.client.destroy();
    link.upstream?.destroy();
  };

  // Hand-written forwarding rather than pipe(): pipe() resumes a paused source when its
  // destination drains, and blackhole needs a paused side to stay paused. Test traffic is
  // small, so there is no backpressure to honour.
  const connectUpstream = (link: Link) => {
    const upstream = net.connect(target.port, target.host);
    link.upstream = upstream;
    upstream.on('data', (chunk) => link.client.write(chunk));
    upstream.on('error', () => drop(link));
    upstream.on('close', () => drop(link));
    link.client.on('data', (chunk) => upstream.write(chunk));
  };

  const server = net.createServer((client) => {
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    const link: Link = { client };
    links.add(link);
    client.on('error', () => drop(link));
    client.on('close', () => drop(link));
    if (mode === 'pass') connectUpstream(link);
    else client.pause();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    get mode() {
      return mode;
    },
    setMode(next) {
      mode = next;
      for (const link of [...links]) {
        if (next === 'refuse') {
          links.delete(link);
          link.upstream?.destroy();
          link.client.resetAndDestroy();
        } else if (next === 'blackhole') {
          link.client.pause();
          link.upstream?.pause();
        } else {
          if (!link.upstream) connectUpstream(link);
          link.client.resume();
          link.upstream?.resume();
        }
      }
    },
    async close() {
      for (const link of [...links]) drop(link);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
