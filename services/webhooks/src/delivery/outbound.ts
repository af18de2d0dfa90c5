import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { type DeliveryOutcome, outcomeOfError, outcomeOfStatus } from '../domain/delivery-outcome';
import { checkEndpointUrl, type Lookup, type OutboundPolicy, resolveAllowedAddress } from '../domain/outbound-policy';

/** What one attempt learnt: a 2xx is delivered; anything else (or no answer) is retried. */
export interface SendResult {
  delivered: boolean;
  responseCode: number | null;
  /** A short reason for the delivery log; never the response body. */
  error: string | null;
  /** The attempt's class (metrics, the endpoint's success rate): `success` exactly when delivered. */
  outcome: DeliveryOutcome;
}

/** The code the socket's lookup fails with when the outbound policy refuses an address. */
const refusedAddressCode = 'EWEBHOOKADDRESS';

/** Bytes of a response body read (and thrown away) at most: a receiver cannot make us buffer more. */
const responseBodyCap = 4096;

const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Posts webhook deliveries without letting an endpoint reach what it should not (SSRF): the URL
 * is checked again on every attempt (the operator's allowances may have changed since it was
 * registered), the name is resolved by the socket's own lookup and every address it has must be
 * allowed, so the connection goes to an address that was checked (no second resolution a
 * rebinding DNS could answer differently). No redirects are followed (undici's request never
 * does), one timeout bounds the whole attempt, and at most 4 KB of the answer is read.
 */
export class OutboundSender {
  private readonly agent: Agent;

  constructor(
    private readonly policy: OutboundPolicy,
    private readonly timeoutMs: number,
    resolve: Lookup = systemLookup,
  ) {
    const allowPrivate = policy.allowPrivateNetworks;
    const lookup: LookupFunction = (hostname, options, callback) => {
      resolveAllowedAddress(hostname, allowPrivate, resolve).then(
        (result) => {
          if (!result.ok) {
            callback(Object.assign(new Error(`refused address: ${result.reason}`), { code: refusedAddressCode }), '', 4);
            return;
          }
          if (options.all) (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [result]);
          else callback(null, result.address, result.family);
        },
        (err: Error) => callback(err, '', 4),
      );
    };
    this.agent = new Agent({
      connect: { lookup, timeout: timeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      // One connection per attempt: a kept-alive socket would skip the next attempt's address check.
      pipelining: 0,
    });
  }

  async post(url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
    const checked = checkEndpointUrl(url, this.policy);
    if (!checked.ok) return { delivered: false, responseCode: null, error: `refused url: ${checked.reason}`, outcome: 'refused' };
    // An IP literal never reaches the lookup below: checkEndpointUrl has just judged it; a name is judged by the lookup.
    try {
      const response = await request(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'user-agent': 'coin-webhooks/1', ...headers },
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.body.dump({ limit: responseBodyCap }).catch(() => undefined);
      const code = response.statusCode;
      const outcome = outcomeOfStatus(code);
      const delivered = outcome === 'success';
      return { delivered, responseCode: code, error: delivered ? null : `HTTP ${code}`, outcome };
    } catch (err) {
      return {
        delivered: false,
        responseCode: null,
        error: attemptError(err),
        outcome: outcomeOfError(errorParts(err), refusedAddressCode),
      };
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** The name and code of an attempt's error, or of its cause (undici wraps the socket's). */
function errorParts(err: unknown): { name: string | undefined; code: string | undefined } {
  const e = err as { code?: unknown; name?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : typeof e.cause?.code === 'string' ? e.cause.code : undefined;
  return { name: typeof e.name === 'string' ? e.name : undefined, code };
}

/** A short, secret-free description of why an attempt got no answer. */
function attemptError(err: unknown): string {
  const e = err as { message?: unknown; cause?: { message?: unknown } };
  const { name, code } = errorParts(err);
  if (name === 'TimeoutError' || name === 'AbortError') return 'timeout';
  const message = typeof e.cause?.message === 'string' ? e.cause.message : typeof e.message === 'string' ? e.message : 'failed';
  return `${code ?? 'error'}: ${message}`.slice(0, 200);
}
