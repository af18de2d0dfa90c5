import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brokenAnchorLinks, brokenSectionCitations, headingAnchors, headingSlug, sectionTitles, wordCount } from './citations';
import { docTitlesOf, isFrozenMigration, linkAnchorsOf, root, titlesFor, trackedTextFiles } from './repo-files';

/**
 * DESIGN.md is a map a newcomer reads in an hour (its "Reading guide"); the detail lives in
 * docs/design/. Citations follow a section to where it lives: `docs/design/ledger.md "Holds"`, a
 * link `design/ledger.md#holds`. These tests hold both: the map stays short, and no citation or
 * link names a section or anchor its document does not have.
 */
const designWordsMax = 12_000;

describe('design citations', () => {
  describe('when a heading becomes an anchor', () => {
    it.each([
      ['The ledger', 'the-ledger'],
      ['A cache cannot grant (cache MACs)', 'a-cache-cannot-grant-cache-macs'],
      ['Shards: the ledger over several PostgreSQL databases', 'shards-the-ledger-over-several-postgresql-databases'],
      [
        'Idempotency keys (gateway: rules in `plugins/idempotency.ts`, lock and record in `plugins/admission.ts`)',
        'idempotency-keys-gateway-rules-in-pluginsidempotencyts-lock-and-record-in-pluginsadmissionts',
      ],
      [
        'Changing the partition count of `ledger.commands` and `ledger.internal` (drain procedure)',
        'changing-the-partition-count-of-ledgercommands-and-ledgerinternal-drain-procedure',
      ],
      ['Who asks: proof of authority in every command', 'who-asks-proof-of-authority-in-every-command'],
      ['snake_case and [a link](x.md)', 'snake_case-and-a-link'],
    ])('then "%s" is #%s, as on GitHub', (heading, slug) => {
      expect(headingSlug(heading)).toBe(slug);
    });

    it('then a repeated heading is numbered and a heading inside a code block is none', () => {
      expect([...headingAnchors('# Doc\n## Audit\n### Audit\n```\n## Fenced\n```\n<a name="kept"></a>\n')]).toEqual([
        'doc',
        'audit',
        'audit-1',
        'kept',
      ]);
    });
  });

  describe('when a line links to an anchor or cites a section', () => {
    const anchorsOf = (target: string) => (target === '' || target.endsWith('GUIDE.md') ? new Set(['amounts']) : undefined);
    const titlesOf = (doc: string) =>
      doc.endsWith('ledger.md') ? ['The ledger', 'Holds'] : doc.endsWith('DESIGN.md') ? ['Map'] : undefined;

    it('then an anchor the target has, or a target outside the repository, is not reported', () => {
      expect(brokenAnchorLinks('[a](GUIDE.md#amounts) [b](#amounts) [c](OTHER.md#x) [d](https://example.com/x.md#y)', anchorsOf)).toEqual(
        [],
      );
    });

    it('then an anchor the target does not have is reported, on its own line', () => {
      expect(brokenAnchorLinks('first\n[a](../GUIDE.md#holds) and [b](#money)', anchorsOf)).toEqual([
        expect.objectContaining({ line: 2, why: '../GUIDE.md has no anchor #holds' }),
        expect.objectContaining({ line: 2, why: 'this file has no anchor #money' }),
      ]);
    });

    it('then a citation wrapped over two lines of a comment is read as one', () => {
      const text = [
        '/** first',
        ' * (docs/DESIGN.md',
        ' * "Holds") and docs/design/ledger.md "The',
        ' * ledger" and docs/DESIGN.md "Map of',
        ' * the code")',
      ].join('\n');
      expect(brokenSectionCitations(text, titlesOf)).toEqual([
        expect.objectContaining({ line: 2, why: 'docs/DESIGN.md has no section "Holds"' }),
        expect.objectContaining({ line: 4, why: 'docs/DESIGN.md has no section "Map of the code"' }),
      ]);
    });

    it('then a lower-case doc path, a DESIGN without .md and a JSON-escaped title are citations too', () => {
      const text = ['docs/design/ledger.md "Holds"', 'DESIGN "Holds"', 'docs/DESIGN.md \\"Holds\\"', 'design/ledger.md, "The ledger"'].join(
        '\n',
      );
      expect(brokenSectionCitations(text, titlesOf)).toEqual([
        expect.objectContaining({ line: 2, why: 'DESIGN.md has no section "Holds"' }),
        expect.objectContaining({ line: 3, why: 'docs/DESIGN.md has no section "Holds"' }),
      ]);
    });
  });

  describe('when a migration cites DESIGN.md', () => {
    it('then an applied migration, whose bytes migrate checks, may name a section that moved to docs/design/', () => {
      expect(isFrozenMigration('services/ledger/migrations/009_shards.sql')).toBe(true);
      expect(isFrozenMigration('services/ledger/src/shards.ts')).toBe(false);
      const titles = titlesFor('services/ledger/migrations/009_shards.sql', docTitlesOf());
      expect(brokenSectionCitations('-- docs/DESIGN.md "Shards"', titles)).toEqual([]);
      expect(brokenSectionCitations('// docs/DESIGN.md "Shards"', docTitlesOf())).toHaveLength(1);
    });
  });

  describe('when every tracked file is read', () => {
    const files = trackedTextFiles();

    it('then every Markdown link to an anchor finds that anchor in the file it names', () => {
      const findings = files.flatMap(({ path, text }) =>
        brokenAnchorLinks(text, linkAnchorsOf(path, text)).map((f) => `${path}:${f.line}: ${f.why}`),
      );
      expect(findings).toEqual([]);
    });

    it('then every citation of a section of DESIGN.md or docs/design/ names a section that document has', () => {
      const titlesOf = docTitlesOf();
      const designOnly = (doc: string) => (/(^|\/)DESIGN\.md$|(^|\/)design\/[\w-]+\.md$/.test(doc) ? titlesOf(doc) : undefined);
      const findings = files.flatMap(({ path, text }) =>
        brokenSectionCitations(text, titlesFor(path, designOnly)).map((f) => `${path}:${f.line}: ${f.why}`),
      );
      expect(findings).toEqual([]);
    });
  });

  describe('when DESIGN.md is read', () => {
    const design = readFileSync(join(root, 'docs', 'DESIGN.md'), 'utf8');

    it(`then it is a map a newcomer reads in an hour: at most ${designWordsMax} words`, () => {
      expect(wordCount(design)).toBeLessThanOrEqual(designWordsMax);
    });

    it('then every section whose detail moved to docs/design/ keeps its heading there, and a link to it here', () => {
      for (const match of design.matchAll(/\]\(design\/([\w-]+\.md)#([\w-]+)\)/g)) {
        const [, file, anchor] = match as unknown as [string, string, string];
        const detail = readFileSync(join(root, 'docs', 'design', file), 'utf8');
        expect(headingAnchors(detail)).toContain(anchor);
      }
      expect(sectionTitles(design)).toEqual(expect.arrayContaining(['Map of the code', 'Adding a command', 'Messaging']));
    });
  });
});
