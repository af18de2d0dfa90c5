import { Writable } from 'node:stream';
import { createLogger, isSecretName } from './index';

/** A logger writing into an array of parsed lines. */
function capture() {
  const lines: Array<Record<string, any>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: createLogger('test', 'info', stream), lines };
}

describe('log redaction: secrets by name, at any depth', () => {
  it('when secrets sit deep in objects and arrays, then every one is censored and the rest is kept', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        command: {
          data: {
            user: { passwordHash: 'scrypt$1$2$3$salt$key', sessionGrantHash: 'abc', tokenVersion: 3 },
            keys: [{ keyHash: 'f00d', name: 'ci key' }],
          },
          proof: 'eyJ.proof.sig',
        },
        body: { a: { b: { c: { d: { password: 'hunter2', client_secret: 's3', 'refresh-token': 'rt', accessToken: 'at' } } } } },
        list: [[{ apiKey: 'ck_live' }], { 'x-api-key': 'ck_2', idempotencyKey: 'retry-1' }],
      },
      'a command',
    );
    const line = lines[0]!;
    const text = JSON.stringify(line);
    for (const secret of ['scrypt$1$2$3$salt$key', 'abc', 'f00d', 'eyJ.proof.sig', 'hunter2', 's3', '"rt"', '"at"', 'ck_live', 'ck_2']) {
      expect(text).not.toContain(secret);
    }
    expect(line.command.data.user).toEqual({ passwordHash: '[redacted]', sessionGrantHash: '[redacted]', tokenVersion: 3 });
    expect(line.command.data.keys).toBe('[redacted]');
    expect(line.body.a.b.c.d).toEqual({
      password: '[redacted]',
      client_secret: '[redacted]',
      'refresh-token': '[redacted]',
      accessToken: '[redacted]',
    });
    expect(line.list[1].idempotencyKey).toBe('retry-1');
  });

  it('when an error carries a secret-named property, then it is censored and the error stays an error', () => {
    const { logger, lines } = capture();
    const err = Object.assign(new Error('login failed'), { details: { password: 'hunter2' }, code: 'E1' });
    logger.error({ err }, 'failed');
    expect(lines[0]!.err).toMatchObject({ type: 'Error', message: 'login failed', code: 'E1', details: { password: '[redacted]' } });
    expect(lines[0]!.err.stack).toContain('login failed');
    // The logged error itself is not changed.
    expect(err.details.password).toBe('hunter2');
  });

  it('when request headers are logged, then authorization, API key, cookie and the monitoring reader token are censored', () => {
    const { logger, lines } = capture();
    logger.info({
      headers: { authorization: 'Bearer x', 'x-api-key': 'ck', cookie: 'sid=1', 'x-coin-asker-token': 'eyJ', accept: 'json' },
    });
    expect(lines[0]!.headers).toEqual({
      authorization: '[redacted]',
      'x-api-key': '[redacted]',
      cookie: '[redacted]',
      'x-coin-asker-token': '[redacted]',
      accept: 'json',
    });
  });

  it('when a log object is circular, then it is still written', () => {
    const { logger, lines } = capture();
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    logger.info({ loop });
    expect(lines[0]!.loop.self).toBe('[circular]');
  });

  it.each(['tokenVersion', 'idempotencyKey', 'keyId', 'hashAlgorithm', 'grantedAt', 'userId'])(
    'when a property is named %s, then it is not a secret',
    (name) => {
      expect(isSecretName(name)).toBe(false);
    },
  );
});
