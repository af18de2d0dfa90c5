// deploy/k8s/components/sandbox/strimzi holds the sandbox's Strimzi resources, rendered from the
// code: its KafkaTopics (the live ones of components/strimzi-topics under the sandbox prefix, as
// provisionSandbox creates them with topicSpecs), its KafkaUser (sandboxKafkaAclsOf) and the
// gateway's extra ACL (sandboxGatewayAclsOf). test/deploy fails while a file differs from this
// rendering. After changing the live topics or libs/contracts/src/kafka-access.ts:
//   npx tsx test/deploy/sandbox-strimzi.ts --write
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import {
  type KafkaAcl,
  sandboxGatewayAclsOf,
  sandboxKafkaAccess,
  sandboxKafkaAclsOf,
  sandboxKafkaUserOf,
  sandboxServices,
  sandboxTopicPrefix,
} from '@coin/contracts';

const repoRoot = join(__dirname, '..', '..');
export const liveTopicsFile = join(repoRoot, 'deploy/k8s/components/strimzi-topics/topics.yaml');
export const sandboxStrimziDir = join(repoRoot, 'deploy/k8s/components/sandbox/strimzi');
export const sandboxTopicsFile = join(sandboxStrimziDir, 'topics.yaml');
export const sandboxUsersFile = join(sandboxStrimziDir, 'users.yaml');
export const gatewayAclPatchFile = join(sandboxStrimziDir, 'gateway-acl.yaml');

const generated = (source: string) =>
  `# GENERATED from ${source} by \`npx tsx test/deploy/sandbox-strimzi.ts --write\`: never edit this file
# (test/deploy checks it is current). Names assume TOPIC_PREFIX is empty, as in production: the
# sandbox's prefix is then \`${sandboxTopicPrefix}\`.
`;

/** A Kubernetes name for a topic name (RFC 1123: no underscore); the topic's own name stays in spec.topicName. */
export const sandboxTopicResourceName = (liveResourceName: string) => `${sandboxTopicPrefix.replace(/_/g, '-')}${liveResourceName}`;

/** The sandbox's KafkaTopics: each live one with its name under the sandbox prefix, the same partitions, replicas and configs. */
export function renderSandboxTopics(liveTopicsText: string): string {
  const docs = parseAllDocuments(liveTopicsText).map((d) => d.toJS() as Record<string, any>);
  const out = docs.map((doc) => {
    const config = Object.entries((doc.spec.config ?? {}) as Record<string, unknown>)
      .map(([k, v]) => `    ${k}: ${JSON.stringify(String(v))}\n`)
      .join('');
    return `apiVersion: ${doc.apiVersion}
kind: KafkaTopic
metadata:
  name: ${sandboxTopicResourceName(String(doc.metadata.name))}
  labels:
    strimzi.io/cluster: ${doc.metadata.labels['strimzi.io/cluster']}
    app.kubernetes.io/name: coin-ledger
    app.kubernetes.io/component: sandbox
spec:
  topicName: ${sandboxTopicPrefix}${doc.spec.topicName}
  partitions: ${doc.spec.partitions}
  replicas: ${doc.spec.replicas}
${config ? `  config:\n${config}` : ''}`;
  });
  return `${generated('components/strimzi-topics/topics.yaml')}# The sandbox's own topics (docs/decisions/0018-sandbox.md): every live topic under the prefix, as
# provisionSandbox (scripts/stack/sandbox.ts) creates them with topicSpecs; the migrate Job
# (MIGRATE_SANDBOX) creates the same where Strimzi does not manage topics.
${out.join('---\n')}`;
}

const aclLines = (acls: KafkaAcl[], indent: string) =>
  acls
    .map(
      (a) =>
        `${indent}- resource: { type: ${a.resource.type}, name: ${JSON.stringify(a.resource.name)}, patternType: ${a.resource.patternType} }\n` +
        `${indent}  operations: [${a.operations.join(', ')}]\n`,
    )
    .join('');

/** One SCRAM-SHA-512 KafkaUser per sandbox instance with exactly sandboxKafkaAclsOf. */
export function renderSandboxUsers(): string {
  const users = sandboxServices.map((service) => {
    const shared = sandboxKafkaAccess[service];
    const live =
      shared.consumesLive.length + shared.producesLive.length === 0
        ? 'nothing of the live space'
        : `of the live space it reads ${shared.consumesLive.join(', ')} (and may dead-letter them)${
            shared.producesLive.length > 0 ? ` and writes ${shared.producesLive.join(', ')}` : ' and writes none'
          }, nothing else`;
    return `# sandbox ${service}: its own topics and groups under ${sandboxTopicPrefix}; ${live}.
apiVersion: kafka.strimzi.io/v1
kind: KafkaUser
metadata:
  name: ${sandboxKafkaUserOf(service)}
  labels:
    strimzi.io/cluster: coin-kafka
    app.kubernetes.io/component: sandbox-${service}
spec:
  authentication:
    type: scram-sha-512
  authorization:
    type: simple
    acls:
${aclLines(sandboxKafkaAclsOf(service), '      ')}`;
  });
  return `${generated('sandboxKafkaAclsOf in libs/contracts/src/kafka-access.ts')}# Strimzi's User Operator writes each user's password into a Secret of the same name (key
# \`password\`), which the sandbox Deployments mount (components/sandbox, volume kafka-sasl).
${users.join('---\n')}`;
}

/** The JSON patch that adds sandboxGatewayAclsOf to the gateway's KafkaUser (components/strimzi-users). */
export function renderGatewayAclPatch(): string {
  const ops = sandboxGatewayAclsOf()
    .map(
      (a) => `- op: add
  path: /spec/authorization/acls/-
  value: { resource: { type: ${a.resource.type}, name: ${JSON.stringify(a.resource.name)}, patternType: ${a.resource.patternType} }, operations: [${a.operations.join(', ')}] }
`,
    )
    .join('');
  return `${generated('sandboxGatewayAclsOf in libs/contracts/src/kafka-access.ts')}# The gateway sends a test-mode client's commands to the sandbox's ledger.commands: Write there, nothing else.
- op: test
  path: /metadata/name
  value: coin-ledger-gateway
${ops}`;
}

/** Each generated file and its current rendering. */
export function sandboxStrimziFiles(): Array<{ file: string; text: string }> {
  return [
    { file: sandboxTopicsFile, text: renderSandboxTopics(readFileSync(liveTopicsFile, 'utf8')) },
    { file: sandboxUsersFile, text: renderSandboxUsers() },
    { file: gatewayAclPatchFile, text: renderGatewayAclPatch() },
  ];
}

if (require.main === module) {
  for (const { file, text } of sandboxStrimziFiles()) {
    if (process.argv.includes('--write')) {
      writeFileSync(file, text);
      console.log(`written: ${file}`);
    } else {
      process.stdout.write(text);
    }
  }
}
