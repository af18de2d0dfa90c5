import Fastify from 'fastify';
import { installProblemHandler } from './index';
import { installDepthLimitedJsonParser, jsonDepthMax, jsonNestingDepth } from './json-depth';

describe('jsonNestingDepth', () => {
  it.each([
    ['1', 0],
    ['[]', 1],
    ['{"a":[{"b":[]}]}', 4],
    ['[[],[[]],[]]', 3],
    [JSON.stringify({ text: '[[[[{{{{' }), 1],
    [JSON.stringify({ text: 'a "quoted" \\ ]]]] [[[[' }), 1],
    [`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 100_000],
  ])('when the text is %s, then the depth is %s', (text, depth) => {
    expect(jsonNestingDepth(text)).toBe(depth);
  });
});

describe('the internal APIs’ JSON parser', () => {
  async function post(payload: string) {
    const app = Fastify({ bodyLimit: 64 * 1024 });
    installDepthLimitedJsonParser(app);
    installProblemHandler(app);
    app.post('/echo', async (request) => ({ got: typeof request.body }));
    // A route with no body schema: the parser must refuse deep bodies there too.
    const response = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });
    await app.close();
    return { status: response.statusCode, body: response.json() };
  }

  it('when a body nests 30,000 arrays (60 KB, within the limit), then 400 VALIDATION_FAILED naming body', async () => {
    const { status, body } = await post(`${'['.repeat(30_000)}${']'.repeat(30_000)}`);
    expect([status, body.code, body.errors]).toEqual([
      400,
      'VALIDATION_FAILED',
      [{ path: 'body', message: expect.stringContaining('32') }],
    ]);
  });

  it(`when a body nests ${jsonDepthMax} levels, then it is parsed`, async () => {
    expect(await post(`${'['.repeat(jsonDepthMax)}${']'.repeat(jsonDepthMax)}`)).toEqual({ status: 200, body: { got: 'object' } });
  });

  it('when a body has a __proto__ key, then it is still refused (fastify’s parser behind the limit)', async () => {
    expect((await post('{"__proto__":{"admin":true}}')).status).toBe(400);
  });
});
