import { commonEnv, parseConfig, port, z } from './index';

describe('config parsing', () => {
  const schema = z.object({ ...commonEnv, HTTP_PORT: port(8080), SECRET: z.string().min(10) });

  it('when the environment is valid, then defaults fill the gaps and the result is frozen', () => {
    const config = parseConfig(schema, { SECRET: 'a-long-secret', KAFKA_BROKERS: 'a:9092, b:9092' });
    expect(config.HTTP_PORT).toBe(8080);
    expect(config.KAFKA_BROKERS).toEqual(['a:9092', 'b:9092']);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('when several keys are invalid, then one error names them all without echoing values', () => {
    let message = '';
    try {
      parseConfig(schema, { SECRET: 'short-pw', HTTP_PORT: '99999', TOPIC_PREFIX: 'bad prefix!' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('SECRET');
    expect(message).toContain('HTTP_PORT');
    expect(message).toContain('TOPIC_PREFIX');
    expect(message).not.toContain('short-pw');
  });
});
