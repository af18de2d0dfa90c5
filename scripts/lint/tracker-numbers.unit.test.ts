import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Code and docs cite no tracker issue numbers: the repository does not hold the tracker, so "issue
 * 19" tells a reader nothing. Comments, test names and docs say what they mean instead (a round of
 * work is named by what it did). Generated and vendored files are left out.
 */
const root = join(__dirname, '..', '..');
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|cjs|mjs|js|md|sh|ya?ml|go)$/.test(file))
  .filter((file) => !file.includes('node_modules/') && !file.includes('/dist/') && !file.startsWith('patches/'));
const trackerNumber = /\bissues?[- ]#?\d+|\bissues? \d+ and \d+/i;

describe('tracker issue numbers', () => {
  it('then no source, test, script or doc cites one', () => {
    const citing = tracked.flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(join(root, file), 'utf8');
      } catch {
        return []; // listed but deleted in the work tree
      }
      return text
        .split('\n')
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => trackerNumber.test(line))
        .map(({ line, index }) => `${file}:${index + 1}: ${line.trim().slice(0, 120)}`);
    });
    expect(citing).toEqual([]);
  });

  it('then the pattern catches the forms that were used', () => {
    // Built from the word, so this file's own text cites no number.
    const word = 'issue';
    const forms = [
      `(${word} 19)`,
      `${word[0]!.toUpperCase()}${word.slice(1)} 34 item 2`,
      `the ${word}-19 code`,
      `${word}s 19 and 34`,
      `${word} #7`,
    ];
    for (const cited of forms) expect([cited, trackerNumber.test(cited)]).toEqual([cited, true]);
    for (const fine of ['an issue with the broker', 'issued 19 tokens', 'the issuer 42'])
      expect([fine, trackerNumber.test(fine)]).toEqual([fine, false]);
  });
});
