import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/**
 * Paths whose values must never reach a log line (docs/CONTRACT.md "Trust": secrets never in logs). pino applies
 * these after its serializers, so they cover the request serializer's headers; every other
 * secret is found by its name, at any depth, by `redactSecrets` below.
 */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers["x-api-key"]',
  'headers.cookie',
  // The access token of the person the gateway says reads a monitoring case (@coin/contracts askerHeaders).
  'req.headers["x-coin-asker-token"]',
  'headers["x-coin-asker-token"]',
];

export const censor = '[redacted]';

/**
 * A property whose name ends in one of these words (case and `-`/`_` ignored) holds a secret or
 * what stands in for one: passwords and their hashes, tokens, client secrets, API keys and their
 * hashes, session grants, command proofs, cookies. `tokenVersion` or `idempotencyKey` do not end
 * so and stay readable; a bare `key` or `keys` is a secret.
 */
const secretName = /(?:password|passphrase|secret|token|hash|apikey|privatekey|authorization|cookie|grant|proof|credential)s?$|^keys?$/;

export function isSecretName(name: string): boolean {
  return secretName.test(name.toLowerCase().replace(/[-_]/g, ''));
}

/** Deeper than any log object of ours; past it a value is not walked but dropped. */
const redactionDepthMax = 32;

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A copy of an error with its prototype and own properties; `stack` read out (V8 keeps it behind an accessor of the original). */
function errorCopy(err: Error): Record<string, unknown> {
  const copy = Object.defineProperties(Object.create(Object.getPrototypeOf(err)), Object.getOwnPropertyDescriptors(err));
  Object.defineProperty(copy, 'stack', { value: err.stack, enumerable: false, writable: true, configurable: true });
  return copy;
}

/**
 * A copy of `value` with every property of a secret name, at any depth of plain objects, arrays
 * and errors, replaced by the censor; anything else (a Date, a request, a Buffer) as it was.
 * Nothing is copied where nothing is secret, so the common log line costs one walk.
 */
export function redactSecrets(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || typeof value !== 'object') return value;
  const isError = value instanceof Error;
  if (!Array.isArray(value) && !isError && !isPlainObject(value)) return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= redactionDepthMax) return '[too deep]';
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      value.forEach((item, i) => {
        const redacted = redactSecrets(item, depth + 1, seen);
        if (redacted !== item) {
          copy ??= [...value];
          copy[i] = redacted;
        }
      });
      return copy ?? value;
    }
    let copy: Record<string, unknown> | undefined;
    for (const [name, item] of Object.entries(value)) {
      const redacted = isSecretName(name) && item !== undefined && item !== null ? censor : redactSecrets(item, depth + 1, seen);
      if (redacted !== item) {
        // An error keeps its prototype, message and stack, so pino's serializer still sees an error.
        copy ??= isError ? errorCopy(value) : { ...value };
        // own-key: own keys of the logged value (Object.entries), written on a copy
        (copy as Record<string, unknown>)[name] = redacted;
      }
    }
    return copy ?? value;
  } finally {
    seen.delete(value);
  }
}

export function createLogger(name: string, level: LoggerOptions['level'] = 'info', destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    name,
    level,
    redact: { paths: redactedPaths, censor },
    formatters: { log: (object) => redactSecrets(object) as Record<string, unknown> },
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * The logger of a command-line tool: it writes each line before the call returns, so a tool's log
 * and what it prints on stdout reach a pipe in the order they happened (the service loggers write
 * asynchronously, and a summary printed after the last log line could overtake it).
 */
export function createCommandLineLogger(name: string, level: LoggerOptions['level'] = 'info'): Logger {
  return createLogger(name, level, pino.destination({ dest: 1, sync: true }));
}
