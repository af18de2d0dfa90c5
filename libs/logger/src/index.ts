import pino, { type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** Paths whose values must never reach a log line (SPEC: secrets never in logs). */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers["x-api-key"]',
  '*.password',
  '*.clientSecret',
  '*.client_secret',
  '*.access_token',
  '*.refreshToken',
  '*.accessToken',
  '*.key',
  'password',
  'clientSecret',
  'client_secret',
  'access_token',
  'refreshToken',
  'accessToken',
];

export function createLogger(name: string, level: LoggerOptions['level'] = 'info'): Logger {
  return pino({
    name,
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
