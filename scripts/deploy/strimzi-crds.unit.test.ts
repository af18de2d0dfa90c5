import { executionArguments, generatorArguments, javaMajorOf } from './strimzi-crds';

// The shape of io.strimzi:api's pom: the generator's executions of exec-maven-plugin.
const pom = `
  <execution>
    <id>generate-crd-co-install-v1</id>
    <configuration><executable>java</executable><arguments>
      <argument>-classpath</argument>
      <argument>\${project.basedir}/target/classes:\${project.basedir}/../crd-generator/target/crd-generator.jar</argument>
      <argument>io.strimzi.crdgenerator.CrdGenerator</argument>
      <argument>--api-versions</argument><argument>v1</argument>
      <argument>--yaml</argument>
      <argument>io.strimzi.api.kafka.model.user.KafkaUser=\${project.basedir}\${file.separator}..\${file.separator}packaging\${file.separator}install\${file.separator}cluster-operator\${file.separator}044-Crd-kafkauser.yaml</argument>
    </arguments></configuration>
  </execution>
  <execution>
    <id>generate-crd-tests-v1</id>
    <configuration><arguments><argument>--other</argument></arguments></configuration>
  </execution>`;

describe("Strimzi's CRD generator, run as its api pom runs it", () => {
  it('when the install execution is read, then its arguments come in order and stop at its end', () => {
    expect(executionArguments(pom, 'generate-crd-co-install-v1')).toHaveLength(7);
    expect(executionArguments(pom, 'generate-crd-tests-v1')).toEqual(['--other']);
    expect(() => executionArguments(pom, 'missing')).toThrow('no execution missing in the pom');
  });

  it("when the arguments are adapted, then the pom's classpath is dropped and each CRD file lands in the target directory", () => {
    expect(generatorArguments(executionArguments(pom, 'generate-crd-co-install-v1'), '/cache/crds')).toEqual({
      mainClass: 'io.strimzi.crdgenerator.CrdGenerator',
      args: ['--api-versions', 'v1', '--yaml', 'io.strimzi.api.kafka.model.user.KafkaUser=/cache/crds/044-Crd-kafkauser.yaml'],
    });
    expect(() => generatorArguments(['-classpath', 'x', 'org.example.Main'], '/t')).toThrow('unexpected generator main class');
  });

  it('when java -version is read, then its major version is found, old and new numbering alike', () => {
    expect(javaMajorOf('openjdk version "25.0.3" 2026-04-21 LTS')).toBe(25);
    expect(javaMajorOf('openjdk version "17.0.15" 2025-04-15')).toBe(17);
    expect(javaMajorOf('java version "1.8.0_412"')).toBe(8);
    expect(javaMajorOf('openjdk version "21" 2023-09-19')).toBe(21);
    expect(javaMajorOf('no java here')).toBeUndefined();
  });
});
