import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort, freePorts } from './processes';

describe('freePort', () => {
  it('when asked, then it gives a port a child can bind, below the range the kernel gives outgoing connections their local ports from', async () => {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    const ports = await Promise.all(Array.from({ length: 5 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(low);
      await new Promise<void>((resolve, reject) => {
        const server = createServer();
        server.on('error', reject);
        server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
      });
    }
  });

  it('when several are asked for before any is bound, then they are all different (each is free only until its child binds it)', async () => {
    const ports = await freePorts(40);
    expect(new Set(ports).size).toBe(40);
  });

  it('when the random pick lands on a port this stack already took, then another is found instead of the same one twice', async () => {
    // Every pick the same: without the exclusion all three would be that one port.
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      const ports = await freePorts(3);
      expect(new Set(ports).size).toBe(3);
    } finally {
      random.mockRestore();
    }
  });
});
