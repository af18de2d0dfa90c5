import { commonEnv, kafkaSecurityOf, parseConfig, z } from './index';

const schema = z.object({ ...commonEnv });
const files: Record<string, string> = {
  '/run/kafka/password': 's3cret-from-file\n',
  '/run/kafka/ca.crt': '-----BEGIN CERTIFICATE-----\nCA\n-----END CERTIFICATE-----\n',
  '/run/kafka/client.crt': 'CERT',
  '/run/kafka/client.key': 'KEY',
};
const read = (path: string) => {
  const text = files[path];
  if (text === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
  return text;
};
const securityOf = (env: Record<string, string>) => kafkaSecurityOf(parseConfig(schema, env), read);

describe('kafkaSecurityOf', () => {
  it('when nothing is set, then the client speaks PLAINTEXT: no TLS, no SASL, and no file is read', () => {
    expect(securityOf({})).toEqual({});
    expect(securityOf({ KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD_FILE: '/missing' })).toEqual({});
  });

  it('when SASL_SSL is set with a password file and a CA, then it reads both (without the final newline)', () => {
    expect(
      securityOf({
        KAFKA_SECURITY_PROTOCOL: 'SASL_SSL',
        KAFKA_SASL_USERNAME: 'coin-ledger-ledger',
        KAFKA_SASL_PASSWORD_FILE: '/run/kafka/password',
        KAFKA_SSL_CA_FILE: '/run/kafka/ca.crt',
      }),
    ).toEqual({
      ssl: { ca: files['/run/kafka/ca.crt'] },
      sasl: { mechanism: 'scram-sha-512', username: 'coin-ledger-ledger', password: 's3cret-from-file' },
    });
  });

  it('when the password is in the environment (the container entry resolved the file), then that wins', () => {
    expect(
      securityOf({
        KAFKA_SECURITY_PROTOCOL: 'SASL_PLAINTEXT',
        KAFKA_SASL_USERNAME: 'u',
        KAFKA_SASL_PASSWORD: 'from-env\n',
        KAFKA_SASL_PASSWORD_FILE: '/missing',
      }).sasl,
    ).toEqual({ mechanism: 'scram-sha-512', username: 'u', password: 'from-env' });
  });

  it('when SSL has a client certificate and key, then it sends them; no CA means the system CAs (ssl: {})', () => {
    expect(
      securityOf({
        KAFKA_SECURITY_PROTOCOL: 'SSL',
        KAFKA_SSL_CERT_FILE: '/run/kafka/client.crt',
        KAFKA_SSL_KEY_FILE: '/run/kafka/client.key',
      }),
    ).toEqual({ ssl: { cert: 'CERT', key: 'KEY' } });
    expect(securityOf({ KAFKA_SECURITY_PROTOCOL: 'SSL' })).toEqual({ ssl: {} });
  });

  it('when a SASL protocol lacks a username or a password, or a file is unreadable, then it fails closed naming the keys, never a value', () => {
    expect(() => securityOf({ KAFKA_SECURITY_PROTOCOL: 'SASL_SSL' })).toThrow(
      /KAFKA_SASL_USERNAME: required with KAFKA_SECURITY_PROTOCOL=SASL_SSL[\s\S]*KAFKA_SASL_PASSWORD: required/,
    );
    expect(() =>
      securityOf({ KAFKA_SECURITY_PROTOCOL: 'SASL_PLAINTEXT', KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD_FILE: '/missing' }),
    ).toThrow('KAFKA_SASL_PASSWORD_FILE: cannot read the file (ENOENT)');
    expect(() => securityOf({ KAFKA_SECURITY_PROTOCOL: 'SSL', KAFKA_SSL_CERT_FILE: '/run/kafka/client.crt' })).toThrow(
      'set both KAFKA_SSL_CERT_FILE and KAFKA_SSL_KEY_FILE',
    );
    let message = '';
    try {
      securityOf({ KAFKA_SECURITY_PROTOCOL: 'SASL_PLAINTEXT', KAFKA_SASL_USERNAME: 'secret-user', KAFKA_SASL_PASSWORD_FILE: '/missing' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).not.toContain('secret-user');
    expect(message).not.toContain('/missing');
  });

  it('when a ConfigMap leaves a key empty or names an unknown protocol, then empty means unset and the protocol is refused', () => {
    expect(securityOf({ KAFKA_SECURITY_PROTOCOL: 'PLAINTEXT', KAFKA_SASL_PASSWORD_FILE: '', KAFKA_SSL_CA_FILE: ' ' })).toEqual({});
    expect(() => parseConfig(schema, { KAFKA_SECURITY_PROTOCOL: 'SASL' })).toThrow('KAFKA_SECURITY_PROTOCOL');
    expect(() => parseConfig(schema, { KAFKA_SASL_MECHANISM: 'plain' })).toThrow('KAFKA_SASL_MECHANISM');
  });
});
