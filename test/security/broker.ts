import { createServer } from 'node:net';
import { kafkaAclsOf, kafkaUserOf, type KafkaService } from '@coin/contracts';
import { AclOperationTypes, AclPermissionTypes, AclResourceTypes, ResourcePatternTypes, type AclEntry } from 'kafkajs';

/**
 * What the Kafka security tests (kafka-sasl, kafka-tls) share about the broker of their own they
 * start: free ports for it and the ACL bindings of the per-service table.
 */

/** A port free on the loopback now (the broker binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** kafkaAclsOf (what the KafkaUsers declare) as the broker's ACL bindings for `User:<name>`. */
export function aclEntriesOf(service: KafkaService): AclEntry[] {
  const operation = {
    Read: AclOperationTypes.READ,
    Write: AclOperationTypes.WRITE,
    Describe: AclOperationTypes.DESCRIBE,
    Create: AclOperationTypes.CREATE,
    Alter: AclOperationTypes.ALTER,
  };
  return kafkaAclsOf(service).flatMap((acl) =>
    acl.operations.map((op) => ({
      resourceType: acl.resource.type === 'topic' ? AclResourceTypes.TOPIC : AclResourceTypes.GROUP,
      resourceName: acl.resource.name,
      resourcePatternType: acl.resource.patternType === 'prefix' ? ResourcePatternTypes.PREFIXED : ResourcePatternTypes.LITERAL,
      principal: `User:${kafkaUserOf(service)}`,
      host: '*',
      operation: operation[op],
      permissionType: AclPermissionTypes.ALLOW,
    })),
  );
}
