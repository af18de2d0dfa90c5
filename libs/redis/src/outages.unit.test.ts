import { EventEmitter } from 'node:events';
import { onOutages } from './index';

describe('onOutages: a client says once when its Redis connection fails and once when it is back', () => {
  it('when the connection fails again and again, then down is called once per outage, and the failure never goes unhandled', () => {
    const client = new EventEmitter();
    const handlers = { down: jest.fn(), back: jest.fn() };
    // An error event without a listener: ioredis prints it to the console on its own.
    expect(() => client.emit('error', new Error('before'))).toThrow('before');
    onOutages(client as never, handlers);
    for (let attempt = 0; attempt < 3; attempt += 1) client.emit('error', new Error('Socket timeout'));
    expect(handlers.down).toHaveBeenCalledTimes(1);
    client.emit('ready');
    expect(handlers.back).toHaveBeenCalledTimes(1);
    client.emit('ready');
    client.emit('error', new Error('again'));
    expect([handlers.down.mock.calls.length, handlers.back.mock.calls.length]).toEqual([2, 1]);
  });
});
