/**
 * Bugs put in on purpose, to show the checker run catches what it should (docs/RELIABILITY.md
 * "Checker run"): an HTTP layer between the checker's clients and the real gateway that breaks
 * two promises of docs/CONTRACT.md "Read consistency" for some wallets and passes everything else
 * through unchanged.
 *  - Stale reads: `GET /api/wallets/me` of a stale-read wallet is answered from a cache of its
 *    last answer for `staleForMs`, as a read path that does not see the ledger's writes would.
 *  - Early acknowledgements: `POST /api/coins/transfer` from an early-ack wallet is answered 201
 *    at once, before the ledger has decided or stored anything, as a reply sent before the commit
 *    would; every second one is then lost (never reaches the gateway), the others are forwarded
 *    and may still be refused.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface InjectedBugs {
  /** Access tokens whose wallet reads are served stale. */
  staleReads: Set<string>;
  /** Access tokens whose transfers are acknowledged before they are applied. */
  earlyAcks: Set<string>;
  staleForMs?: number;
}

export interface BuggyGateway {
  url: string;
  /** How often each bug changed an answer. */
  counts: { staleReads: number; earlyAcks: number; lostWrites: number };
  stop(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function forwardedHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) headers[name] = value;
  return headers;
}

async function forward(target: string, request: IncomingMessage, body: Buffer): Promise<{ status: number; body: string; type: string }> {
  const response = await fetch(new URL(request.url ?? '/', target), {
    method: request.method ?? 'GET',
    headers: forwardedHeaders(request),
    ...(body.length > 0 ? { body } : {}),
  });
  return { status: response.status, body: await response.text(), type: response.headers.get('content-type') ?? 'application/json' };
}

function answer(response: ServerResponse, status: number, body: string, type = 'application/json'): void {
  response.writeHead(status, { 'content-type': type });
  response.end(body);
}

export async function startBuggyGateway(gatewayUrl: string, bugs: InjectedBugs): Promise<BuggyGateway> {
  const staleForMs = bugs.staleForMs ?? 3_000;
  const cache = new Map<string, { at: number; body: string }>();
  const counts = { staleReads: 0, earlyAcks: 0, lostWrites: 0 };
  let acks = 0;
  const server = createServer((request, response) => {
    void (async () => {
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      const body = await readBody(request);
      const path = (request.url ?? '').split('?')[0];
      if (request.method === 'GET' && path === '/api/wallets/me' && bugs.staleReads.has(token)) {
        const cached = cache.get(token);
        if (cached && Date.now() - cached.at < staleForMs) {
          counts.staleReads += 1;
          return answer(response, 200, cached.body);
        }
        const fresh = await forward(gatewayUrl, request, body);
        if (fresh.status === 200) cache.set(token, { at: Date.now(), body: fresh.body });
        return answer(response, fresh.status, fresh.body, fresh.type);
      }
      if (request.method === 'POST' && path === '/api/coins/transfer' && bugs.earlyAcks.has(token)) {
        counts.earlyAcks += 1;
        answer(response, 201, JSON.stringify({ transaction: {}, wallet: {} }));
        acks += 1;
        if (acks % 2 === 0) counts.lostWrites += 1;
        else await forward(gatewayUrl, request, body).catch(() => undefined);
        return;
      }
      const passed = await forward(gatewayUrl, request, body);
      answer(response, passed.status, passed.body, passed.type);
    })().catch((err: Error) => {
      if (!response.headersSent) answer(response, 502, JSON.stringify({ title: 'buggy gateway', detail: err.message }));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
