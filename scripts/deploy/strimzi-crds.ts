/**
 * The CustomResourceDefinitions of a pinned Strimzi release, made from its Maven Central artifacts
 * the way Strimzi's own build makes the CRDs it ships: Strimzi generates them from the model
 * classes of `io.strimzi:api` with its `io.strimzi:crd-generator` (a self-contained jar), and
 * neither artifact carries the YAML. So: Maven (`mvn dependency:copy`, the ordinary client) copies
 * the two jars, their sha256 must equal the pins below (fail closed otherwise), and the generator
 * runs with the arguments of the api pom's `generate-crd-co-install-v1` execution (read from the
 * pom inside the pinned jar), i.e. the files of Strimzi's packaging/install/cluster-operator.
 *
 * Cached in `.tools/strimzi-crds-<version>` (gitignored): once made, nothing runs but a hash check
 * of the jars. Needs Maven and a Java runtime of at least `javaMajorMin` (the classes' level) the
 * first time only. Used by test/deploy/crd-schemas.int.test.ts.
 *
 *   npx tsx scripts/deploy/strimzi-crds.ts   # prints the directory of the generated CRD files
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Log, rel, repoRoot, run, tail, which } from '../infra/common';
import { withLock } from '../infra/python-tool';

/** The pinned release; change it (and the hashes) here only, the cache is rebuilt on the next run. */
export const strimziVersion = '1.2.0';

/** The artifacts and their sha256, taken from the files Maven Central serves for this release. */
export const strimziArtifacts = [
  { artifactId: 'api', sha256: '566961ae5e5646a001ae91312beda5cba3a5d467e740e205e1b761754335fe4e' },
  { artifactId: 'crd-generator', sha256: '76bb2430e702a1e6a24c071d26c865d5e9572cbc630d176d3b912033ae23ed00' },
] as const;

/** Strimzi 1.x is compiled for Java 21 (class file 65). */
export const javaMajorMin = 21;

/** The execution of the api pom that writes packaging/install/cluster-operator/04x-Crd-*.yaml. */
const installExecution = 'generate-crd-co-install-v1';

export const crdDir = path.join(repoRoot, '.tools', `strimzi-crds-${strimziVersion}`);
const jarDir = path.join(crdDir, 'jars');
const outDir = path.join(crdDir, 'crds');
/** Written last: the jar hashes the CRDs in outDir were generated from. */
const stampFile = path.join(crdDir, 'generated-from');

const jarPath = (artifactId: string) => path.join(jarDir, `${artifactId}-${strimziVersion}.jar`);
const expectedStamp = () => strimziArtifacts.map((a) => `${a.artifactId} ${a.sha256}`).join('\n');

function sha256Of(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** Every pinned jar present with its pinned hash; the names of those that are not. */
function jarProblems(): string[] {
  return strimziArtifacts.flatMap((a) => {
    const file = jarPath(a.artifactId);
    if (!fs.existsSync(file)) return [`${rel(file)} is missing`];
    const got = sha256Of(file);
    return got === a.sha256 ? [] : [`${rel(file)}: sha256 ${got}, pinned ${a.sha256}`];
  });
}

function isReady(): boolean {
  try {
    return fs.readFileSync(stampFile, 'utf8') === expectedStamp() && jarProblems().length === 0 && crdFiles().length > 0;
  } catch {
    return false;
  }
}

/** The generated CRD files (absolute paths), sorted. */
export function crdFiles(): string[] {
  if (!fs.existsSync(outDir)) return [];
  return fs
    .readdirSync(outDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => path.join(outDir, f));
}

/** The major version `java -version` reports (`openjdk version "25.0.3"` → 25; `"1.8.0"` → 8). */
export function javaMajorOf(versionOutput: string): number | undefined {
  const m = /version "(\d+)(?:\.(\d+))?/.exec(versionOutput);
  if (!m) return undefined;
  return m[1] === '1' ? Number(m[2]) : Number(m[1]);
}

/** A java of at least javaMajorMin: $JAVA_HOME, the one on PATH, then the JDKs under /usr/lib/jvm. */
async function findJava(): Promise<string> {
  const candidates = [
    process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : undefined,
    which('java'),
    ...(fs.existsSync('/usr/lib/jvm') ? fs.readdirSync('/usr/lib/jvm').map((d) => path.join('/usr/lib/jvm', d, 'bin', 'java')) : []),
  ].filter((c): c is string => c !== undefined && fs.existsSync(c));
  const seen: string[] = [];
  for (const java of [...new Set(candidates)]) {
    const out = await run(java, ['-version']);
    const major = javaMajorOf(`${out.stderr}${out.stdout}`);
    seen.push(`${java} (${major ?? 'unknown version'})`);
    if (major !== undefined && major >= javaMajorMin) return java;
  }
  throw new Error(
    `generating Strimzi ${strimziVersion}'s CRDs needs Java ${javaMajorMin} or later; found ${seen.join(', ') || 'none'}. Set JAVA_HOME to one.`,
  );
}

/** The `<argument>`s of one execution of a pom, in order (XML entities of the pom left as they are: it uses none). */
export function executionArguments(pom: string, executionId: string): string[] {
  const start = pom.indexOf(`<id>${executionId}</id>`);
  if (start === -1) throw new Error(`no execution ${executionId} in the pom`);
  const end = pom.indexOf('</arguments>', start);
  return [...pom.slice(start, end).matchAll(/<argument>([^<]*)<\/argument>/g)].map((m) => m[1]!);
}

/**
 * The generator's arguments from the pom's: the classpath pair dropped (we give our own), and each
 * `Class=<path>/<file>.yaml` written to `targetDir/<file>.yaml`.
 */
export function generatorArguments(pomArguments: string[], targetDir: string): { mainClass: string; args: string[] } {
  const args = [...pomArguments];
  const cp = args.indexOf('-classpath');
  if (cp !== -1) args.splice(cp, 2);
  const mainClass = args.shift();
  if (!mainClass?.startsWith('io.strimzi.')) throw new Error(`unexpected generator main class ${mainClass}`);
  return {
    mainClass,
    args: args.map((a) => {
      const m = /^([\w.]+)=.*?([^/\\}]+\.yaml)$/.exec(a);
      return m ? `${m[1]}=${path.join(targetDir, m[2]!)}` : a;
    }),
  };
}

/** The directory of Strimzi's CRD files, making them first when needed. */
export function ensureStrimziCrds(log: Log = () => {}): Promise<string> {
  if (isReady()) return Promise.resolve(outDir);
  return withLock(`${crdDir}.lock`, 10 * 60_000, async () => {
    if (isReady()) return outDir;
    fs.rmSync(crdDir, { recursive: true, force: true });
    fs.mkdirSync(jarDir, { recursive: true });
    const mvn = which('mvn');
    if (!mvn) throw new Error(`generating Strimzi ${strimziVersion}'s CRDs needs Maven (mvn) to fetch its artifacts`);
    for (const a of strimziArtifacts) {
      log(`mvn dependency:copy io.strimzi:${a.artifactId}:${strimziVersion}`);
      const copy = await run(mvn, [
        '-B',
        '-q',
        'dependency:copy',
        `-Dartifact=io.strimzi:${a.artifactId}:${strimziVersion}:jar`,
        `-DoutputDirectory=${jarDir}`,
      ]);
      if (copy.code !== 0)
        throw new Error(`mvn dependency:copy io.strimzi:${a.artifactId}:${strimziVersion} failed:\n${tail(copy.stdout + copy.stderr)}`);
    }
    const problems = jarProblems();
    if (problems.length > 0) throw new Error(`Strimzi ${strimziVersion} artifacts do not match their pins:\n${problems.join('\n')}`);

    const java = await findJava();
    const jar = path.join(path.dirname(java), 'jar');
    const pomEntry = 'META-INF/maven/io.strimzi/api/pom.xml';
    const extracted = await run(jar, ['xf', jarPath('api'), pomEntry], { cwd: crdDir });
    if (extracted.code !== 0) throw new Error(`jar xf ${pomEntry} failed:\n${tail(extracted.stderr)}`);
    const pom = fs.readFileSync(path.join(crdDir, pomEntry), 'utf8');
    const { mainClass, args } = generatorArguments(executionArguments(pom, installExecution), outDir);
    fs.mkdirSync(outDir, { recursive: true });
    log(`${mainClass} (${installExecution} of the api pom) with ${rel(java)}`);
    const classpath = [jarPath('api'), jarPath('crd-generator')].join(path.delimiter);
    const generated = await run(java, ['-cp', classpath, mainClass, ...args]);
    if (generated.code !== 0 || crdFiles().length === 0)
      throw new Error(`the Strimzi CRD generator failed (exit ${generated.code}):\n${tail(generated.stdout + generated.stderr)}`);
    fs.writeFileSync(stampFile, expectedStamp());
    return outDir;
  });
}

if (require.main === module) {
  ensureStrimziCrds((line) => process.stderr.write(`[strimzi-crds] ${line}\n`)).then(
    (dir) => process.stdout.write(`${dir}\n`),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
