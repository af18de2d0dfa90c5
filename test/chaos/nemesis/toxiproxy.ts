/**
 * Toxiproxy (github.com/Shopify/toxiproxy, pinned in ../history/go-tools.ts) as a child process,
 * and the few calls of its HTTP API the checker's nemesis makes: a proxy per (service,
 * dependency), toxics added and removed, a proxy disabled (every connection through it cut, new
 * ones refused) and enabled again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { freePort } from '../../../scripts/stack/processes';
import { sleep } from '../client';

export type ToxicType = 'latency' | 'reset_peer' | 'timeout' | 'bandwidth' | 'slow_close' | 'limit_data';

export interface Toxic {
  name: string;
  type: ToxicType;
  stream?: 'upstream' | 'downstream';
  toxicity?: number;
  attributes: Record<string, number>;
}

export interface Toxiproxy {
  readonly apiUrl: string;
  /** A proxy to `upstream` (host:port); returns the port it listens on (127.0.0.1). */
  createProxy(name: string, upstream: string): Promise<number>;
  addToxic(proxy: string, toxic: Toxic): Promise<void>;
  removeToxic(proxy: string, toxic: string): Promise<void>;
  setEnabled(proxy: string, enabled: boolean): Promise<void>;
  stop(): Promise<void>;
}

async function call(apiUrl: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(5000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`toxiproxy ${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

export async function startToxiproxy(bin: string, logFile: string): Promise<Toxiproxy> {
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile, { flags: 'a' });
  const child: ChildProcess = spawn(bin, ['-host', '127.0.0.1', '-port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`toxiproxy-server exited (${child.exitCode}); see ${logFile}`);
    try {
      await call(apiUrl, 'GET', '/version');
      break;
    } catch (err) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`toxiproxy-server did not answer within 10 s: ${String(err)}`);
      }
      await sleep(100);
    }
  }
  return {
    apiUrl,
    async createProxy(name, upstream) {
      const proxy = (await call(apiUrl, 'POST', '/proxies', { name, listen: '127.0.0.1:0', upstream, enabled: true })) as {
        listen: string;
      };
      return Number(proxy.listen.split(':').at(-1));
    },
    async addToxic(proxy, toxic) {
      await call(apiUrl, 'POST', `/proxies/${proxy}/toxics`, { stream: 'downstream', toxicity: 1, ...toxic });
    },
    async removeToxic(proxy, toxic) {
      await call(apiUrl, 'DELETE', `/proxies/${proxy}/toxics/${toxic}`);
    },
    async setEnabled(proxy, enabled) {
      await call(apiUrl, 'POST', `/proxies/${proxy}`, { enabled });
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(3000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      log.end();
    },
  };
}
