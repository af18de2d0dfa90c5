import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brokenSectionCitations, outsideCitations, sectionTitles } from './citations';
import { docTitlesOf, root, titlesFor, trackedTextFiles } from './repo-files';

// The outside forms are assembled here so that this file passes its own scan.
const contractOutside = `(${'SP'}EC §3)`;
const seedSection = `(${'se'}ed 4.10)`;

describe('citations', () => {
  describe('when a line cites a document kept outside the repository', () => {
    it.each([
      [`amounts ${contractOutside}`],
      [`see ${'ARCHI'}TECTURE "Writes"`],
      [`pure core (${'STY'}LE rule 2)`],
      [`the product contract is \`${'sp'}ec.md\``],
      [`permanently deletes ${seedSection}`],
      [`a user's wallet (the ${'se'}ed's Wallet, 2.1)`],
      [`read /work/${'sh'}ared/docs`],
      [`settings (${'KAFKA'}_LOCAL.md)`],
    ])('then "%s" is found', (line) => {
      expect(outsideCitations(`first line\n${line}\n`)).toEqual([expect.objectContaining({ line: 2 })]);
    });

    it('then the word seed in its other senses (a fuzz seed, seed data) is not', () => {
      expect(outsideCitations('the seed that replays it\nnpm run fuzz -- <count> <seed>\nrows written after the seed\n')).toEqual([]);
    });
  });

  describe('when a line cites a section of a doc of the repository', () => {
    const titles = sectionTitles(
      '# Contract\n\n## Amounts\n\n- **Request/reply.** text\n\nClient addresses: text\n\n```sh\n# Not a title\n```\n',
    );
    const titlesOf = (doc: string) => (doc.endsWith('GUIDE.md') ? titles : undefined);

    it('then a heading, a bold lead-in, a label or the beginning of one is a section', () => {
      const text = [
        'docs/GUIDE.md "Amounts"',
        '[GUIDE.md "Amounts"](GUIDE.md#amounts)',
        'guides/GUIDE.md, "Amounts"',
        'GUIDE.md "Request/reply"',
        'GUIDE.md "Client addresses"',
        'GUIDE.md "Amo"',
        'docs/OTHER.md "Anything"',
      ].join('\n');
      expect(brokenSectionCitations(text, titlesOf)).toEqual([]);
    });

    it('then a title the doc does not have, or one only inside a code block, is reported', () => {
      expect(brokenSectionCitations('x (docs/GUIDE.md "Money")\ny GUIDE.md "Not a title"', titlesOf)).toEqual([
        expect.objectContaining({ line: 1, why: 'docs/GUIDE.md has no section "Money"' }),
        expect.objectContaining({ line: 2, why: 'GUIDE.md has no section "Not a title"' }),
      ]);
    });
  });

  describe('when every tracked file is read', () => {
    const files = trackedTextFiles();

    it('then none cites a document the repository does not hold', () => {
      const findings = files.flatMap(({ path, text }) => outsideCitations(text).map((f) => `${path}:${f.line}: ${f.why}: ${f.text}`));
      expect(findings).toEqual([]);
    });

    it("then every citation of a doc's section names a section that doc has", () => {
      const titlesOf = docTitlesOf();
      const findings = files.flatMap(({ path, text }) =>
        brokenSectionCitations(text, titlesFor(path, titlesOf)).map((f) => `${path}:${f.line}: ${f.why}`),
      );
      expect(findings).toEqual([]);
    });

    it('then the product contract has the sections code and docs cite', () => {
      const contract = sectionTitles(readFileSync(join(root, 'docs', 'CONTRACT.md'), 'utf8'));
      for (const title of [
        'Amounts',
        'Treasuries',
        'Transaction types',
        'Idempotency',
        'Authentication and roles',
        'Errors',
        'Paging',
        'Events',
        'Limits',
      ]) {
        expect(contract).toContain(title);
      }
    });
  });
});
