import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { Registry } from 'prom-client';
import { rateLimitFailOpenCounter } from '../metrics';
import { registerWriteAdmission, WriteAdmission } from './admission';
import { MemoryAdmissionStore } from './admission-store';
import { CacheMac } from './cache-mac';
import { LocalLimiter } from './local-limiter';

function admission(): WriteAdmission {
  return new WriteAdmission({
    store: new MemoryAdmissionStore(),
    tokenVersions: { keyOf: (id) => `tokenver:${id}`, expectedEntry: () => '', resolve: async () => 0 },
    writesPerCaller: { max: 10, windowMs: 1000 },
    lockMs: 1000,
    failOpen: rateLimitFailOpenCounter(new Registry()),
    local: new LocalLimiter(),
    answerMac: new CacheMac(randomBytes(32), ''),
  });
}

describe('write admission: every authenticated write is inside its context', () => {
  it('when an authenticated write is registered outside the command routes, then the app does not start', async () => {
    const app = Fastify();
    const writes = admission();
    writes.guard(app);
    await app.register(async (commands) => {
      registerWriteAdmission(commands, writes);
      commands.post('/api/inside', { config: { access: 'user' } }, async () => ({}));
    });
    app.post('/api/outside', { config: { access: 'user' } }, async () => ({}));
    // Reads and public writes need no admission.
    app.get('/api/read', { config: { access: 'user' } }, async () => ({}));
    app.post('/api/public', { config: { access: 'public' } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow('authenticated writes outside write admission (no write limit): POST /api/outside');
  });

  it('when every authenticated write is inside, then it starts', async () => {
    const app = Fastify();
    const writes = admission();
    writes.guard(app);
    await app.register(async (commands) => {
      registerWriteAdmission(commands, writes);
      commands.post('/api/keyed', { config: { access: 'user', idempotent: true } }, async () => ({}));
      commands.post('/api/scoped', { config: { access: 'admin', apiKeyScope: 'mint' } }, async () => ({}));
    });
    app.post('/api/public', { config: { access: 'public' } }, async () => ({}));
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
