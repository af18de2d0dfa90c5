import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiGuides } from './routes/api-reference';
import { openApiDocument } from './testing';

type Json = Record<string, any>;

const repoRoot = join(__dirname, '..', '..', '..');
const methods = ['get', 'put', 'post', 'delete', 'patch'];

/** A POSIX shell's words of a command: quotes and backslash-newlines as sh reads them (no expansions). */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) throw new Error('an unclosed single quote');
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      const end = command.indexOf('"', i + 1);
      if (end < 0) throw new Error('an unclosed double quote');
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (c === '\\' && command[i + 1] === '\n') i++;
    else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else word = (word ?? '') + c;
  }
  if (word !== null) words.push(word);
  return words;
}

/** The curl sample read back (httpsnippet's long options): its method, its path (no query), its headers and its JSON body. */
function readCurl(source: string) {
  const words = shellWords(source);
  expect(words[0]).toBe('curl');
  const method = words[words.indexOf('--request') + 1] as string;
  const url = words[words.indexOf('--url') + 1] as string;
  expect(url.startsWith('$COIN_URL/')).toBe(true);
  const headers: string[] = [];
  let body: string | undefined;
  for (let i = 0; i < words.length; i++) {
    if (words[i] === '--header') headers.push(words[i + 1] as string);
    if (words[i] === '--data') body = words[i + 1];
  }
  return { method, path: url.slice('$COIN_URL'.length).split('?')[0] as string, headers, body };
}

/** Whether a concrete path is the template's (a path parameter is one segment). */
function matches(template: string, path: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(path);
}

describe('the code samples of the OpenAPI document (x-codeSamples)', () => {
  let doc: Json;
  let operations: Array<{ label: string; path: string; method: string; operation: Json; samples: Json[] }>;

  beforeAll(async () => {
    doc = await openApiDocument();
    operations = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json)
        .filter(([method]) => methods.includes(method))
        .map(([method, operation]) => ({
          label: `${method.toUpperCase()} ${path}`,
          path,
          method,
          operation: operation as Json,
          samples: ((operation as Json)['x-codeSamples'] ?? []) as Json[],
        })),
    );
  }, 60_000);

  it('then every operation has a curl, an @coin/client, a Python and a Go sample', () => {
    expect(operations.length).toBeGreaterThan(100);
    const missing = operations.filter(({ samples }) => samples.map((sample) => sample.label).join(',') !== 'curl,@coin/client,Python,Go');
    expect(missing.map(({ label }) => label)).toEqual([]);
  });

  it('then no sample needs a tool a fresh Debian lacks (uuidgen) or sends a time that has passed', () => {
    const sources = operations.flatMap(({ samples }) => samples.map((sample) => String(sample.source)));
    expect(sources.filter((source) => source.includes('uuidgen'))).toEqual([]);
    // A body's time is made when the sample runs (tomorrow's); a fixed one would pass, as 2026-01-02 did for the sandbox clock.
    const bodies = operations.flatMap(({ samples }) => readCurl(String(samples[0]?.source)).body ?? []);
    expect(bodies.filter((body) => /"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(body))).toEqual([]);
    const keyed = operations.filter(({ samples }) =>
      readCurl(String(samples[0]?.source)).headers.some((h) => h.startsWith('idempotency-key:')),
    );
    expect(keyed.length).toBeGreaterThan(50);
    for (const { label, samples } of keyed) {
      expect({ label, curl: readCurl(String(samples[0]?.source)).headers }).toEqual({
        label,
        curl: expect.arrayContaining(['idempotency-key: $(cat /proc/sys/kernel/random/uuid)']),
      });
      expect({ label, python: String(samples[2]?.source) }).toEqual({
        label,
        python: expect.stringContaining("'idempotency-key': str(uuid.uuid4())"),
      });
      expect({ label, go: String(samples[3]?.source) }).toEqual({
        label,
        go: expect.stringContaining('req.Header.Add("idempotency-key", rand.Text())'),
      });
    }
  });

  it('then every Python sample parses and every Go sample is Go source gofmt reads, each reading its address and token from the environment', async () => {
    const python = spawnSync('python3', ['-c', 'import ast, json, sys\nfor source in json.load(sys.stdin): ast.parse(source)'], {
      input: JSON.stringify(operations.map(({ samples }) => String(samples[2]?.source))),
      encoding: 'utf8',
    });
    expect({ status: python.status, stderr: python.stderr }).toEqual({ status: 0, stderr: '' });
    const dir = mkdtempSync(join(tmpdir(), 'coin-go-samples-'));
    try {
      for (const [index, { samples }] of operations.entries()) writeFileSync(join(dir, `sample${index}.go`), String(samples[3]?.source));
      // Go's own gofmt, on PATH or where Go's installer puts it (as scripts/infra/common.ts finds go).
      const gofmtPath = existsSync('/usr/local/go/bin/gofmt') ? '/usr/local/go/bin/gofmt' : 'gofmt';
      const gofmt = spawnSync(gofmtPath, ['-e', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      // -e reports every syntax error (the formatted source goes to stdout: httpsnippet's import order is not gofmt's).
      expect({ status: gofmt.status, stderr: gofmt.stderr }).toEqual({ status: 0, stderr: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    for (const { label, operation, samples } of operations) {
      const secured = ((operation.security ?? []) as Json[]).length > 0;
      expect({ label, python: String(samples[2]?.source).includes('os.environ["COIN_TOKEN"]') }).toEqual({ label, python: secured });
      expect({ label, go: String(samples[3]?.source).includes('os.Getenv("COIN_TOKEN")') }).toEqual({ label, go: secured });
      expect(String(samples[2]?.source)).toContain('urllib.parse.urlsplit(os.environ["COIN_URL"])');
      expect(String(samples[3]?.source)).toContain('url := os.Getenv("COIN_URL") + "/');
    }
  }, 60_000);

  it('then each curl sample is a command sh parses, naming its own method and path, with the credentials, key and JSON body the operation takes', () => {
    const script = operations.map(({ samples }) => String(samples[0]?.source)).join('\n');
    const parsed = spawnSync('sh', ['-n', '-c', script], { encoding: 'utf8' });
    expect({ status: parsed.status, stderr: parsed.stderr }).toEqual({ status: 0, stderr: '' });
    for (const { label, path, method, operation, samples } of operations) {
      const curl = readCurl(String(samples[0]?.source));
      const named = operations.filter((other) => other.method === curl.method.toLowerCase() && matches(other.path, curl.path));
      // The path it names is this operation's, and no other's of the same method but a more literal one.
      expect({ label, names: named.some((other) => other.path === path && other.method === method) }).toEqual({ label, names: true });
      const takesJson = operation.requestBody?.content?.['application/json'] !== undefined;
      expect({ label, body: curl.body !== undefined }).toEqual({ label, body: takesJson });
      if (curl.body !== undefined) expect(() => JSON.parse(curl.body as string)).not.toThrow();
      const secured = ((operation.security ?? []) as Json[]).length > 0;
      expect({ label, token: curl.headers.includes('authorization: Bearer $COIN_TOKEN') }).toEqual({ label, token: secured });
    }
  });

  it('then the @coin/client samples typecheck against the client’s types (tsc on them all, in a file of their own)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'coin-code-samples-'));
    try {
      const bodies = operations.map(({ label, samples }, index) => {
        const source = String(samples[1]?.source)
          .replace("import { createCoinClient } from '@coin/client';\n", '')
          .replace('console.log(JSON.stringify(result, null, 2));', '');
        return `// ${label}\nexport async function sample${index}() {\n${source}\n  return result;\n}\n`;
      });
      writeFileSync(join(dir, 'samples.ts'), `import { createCoinClient } from '@coin/client';\n\n${bodies.join('\n')}`);
      // A control: a call the client's types refuse must fail the same check, or the check proves nothing.
      writeFileSync(
        join(dir, 'control.ts'),
        "import { createCoinClient } from '@coin/client';\nexport const wrong = () => createCoinClient({ baseUrl: '' }).transferCoins({ body: { toUserId: 'x', amount: 1, reason: 'r' } });\n",
      );
      const config = (file: string) =>
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            target: 'es2022',
            module: 'commonjs',
            moduleResolution: 'node10',
            baseUrl: repoRoot,
            paths: { '@coin/client': ['libs/client/src/index.ts'] },
            typeRoots: [join(repoRoot, 'node_modules', '@types')],
            types: ['node'],
          },
          files: [file],
        });
      const typecheck = (file: string) => {
        writeFileSync(join(dir, 'tsconfig.json'), config(file));
        return spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], {
          encoding: 'utf8',
          cwd: dir,
        });
      };
      const tsc = typecheck('samples.ts');
      expect({ status: tsc.status, errors: tsc.stdout.split('\n').slice(0, 20) }).toEqual({ status: 0, errors: [''] });
      const control = typecheck('control.ts');
      expect(control.status).not.toBe(0);
      expect(control.stdout).toContain('control.ts(2,');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('then the description links every guide of docs/guides, at the address the gateway serves it', () => {
    const description = doc.info.description as string;
    for (const { file, title } of apiGuides) expect(description).toContain(`[${title}](/docs/guides/${file})`);
    const onDisk = spawnSync('ls', [join(repoRoot, 'docs', 'guides')], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter((f) => f.endsWith('.md'));
    expect(apiGuides.map(({ file }) => file).sort()).toEqual(onDisk.sort());
  });
});
