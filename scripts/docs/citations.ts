/**
 * Citations in comments, tests and docs must lead somewhere a reader holding only the repository
 * can follow (docs/CONTRACT.md "Citations"): to a section of one of its own docs, never to a
 * document kept elsewhere. These checks find the two ways a citation goes wrong: it names an
 * outside document, or it names a section of a doc of ours that does not exist (a renamed title).
 */

/** One citation that a reader of the repository cannot follow. */
export interface CitationFinding {
  line: number;
  text: string;
  why: string;
}

/**
 * The forms in which the documents of the product brief, kept outside the repository, used to be
 * cited: the product contract (its numbered sections, its file name), the architecture card, the
 * style guide, the notes on running Kafka locally and the first-round interface description ("the
 * seed", its numbered sections and resources).
 * Written in pieces so this file does not match itself.
 */
const outsideDocument: readonly { pattern: RegExp; why: string }[] = [
  { pattern: new RegExp(`\\b${'SP'}EC\\b`), why: 'cites the product contract kept outside the repository' },
  { pattern: new RegExp(`\\b${'ARCHI'}TECTURE\\b`), why: 'cites the architecture card kept outside the repository' },
  { pattern: new RegExp(`\\b${'STY'}LE\\b`), why: 'cites the style guide kept outside the repository' },
  {
    pattern: new RegExp(`\\b(?:${'sp'}ec|${'archi'}tecture|${'sty'}le|${'kafka'}_local)\\.md\\b`, 'i'),
    why: 'names a document the repository does not hold',
  },
  {
    pattern: new RegExp(`\\b${'se'}ed\\s*(?:§|\\(?\\d+\\.\\d+)`, 'i'),
    why: 'cites a section of the interface description kept outside the repository',
  },
  {
    pattern: new RegExp(`\\b${'se'}ed's\\s+(?:wallet|transaction|user|treasury|types?|ids?|fields|endpoints?)\\b`, 'i'),
    why: 'cites the interface description kept outside the repository',
  },
  { pattern: new RegExp(`/work/${'sh'}ared\\b|000_${'da8eca89'}`), why: 'points at a file outside the repository' },
];

/** Every line of `text` that cites a document outside the repository. */
export function outsideCitations(text: string): CitationFinding[] {
  const findings: CitationFinding[] = [];
  text.split('\n').forEach((lineText, index) => {
    for (const { pattern, why } of outsideDocument) {
      if (pattern.test(lineText)) findings.push({ line: index + 1, text: lineText.trim(), why });
    }
  });
  return findings;
}

/**
 * The sections a doc offers as citation targets: its Markdown headings (outside code fences), the
 * bold lead-in of a list item or paragraph (`**Request/reply.**`), and a paragraph's lead-in
 * label (`Client addresses: …`).
 */
export function sectionTitles(markdown: string): string[] {
  const titles: string[] = [];
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const heading = /^#{1,6}\s+(.+?)\s*$/.exec(line);
    if (heading) titles.push(heading[1]!);
    for (const bold of line.matchAll(/\*\*([^*]+?)\.?\*\*/g)) titles.push(bold[1]!);
    const label = /^([A-Z][^:.]{1,60}):\s/.exec(line);
    if (label) titles.push(label[1]!);
  }
  return titles;
}

/**
 * Citations of the form `docs/NAME.md "Section"` (also `NAME.md "Section"`, `NAME "Section"`,
 * `dir/NAME.md, "Section"`, `docs/dir/name.md "Section"`, a Markdown link `[NAME.md "Section"](…)`
 * and, in JSON strings, `NAME.md \"Section\"`) whose section `titlesOf(path as cited)` does not
 * hold. A title may be cited by its beginning ("Who asks" for "Who asks: proof of authority in
 * every command"). Docs that `titlesOf` does not know (undefined) are not checked.
 */
export function brokenSectionCitations(text: string, titlesOf: (doc: string) => readonly string[] | undefined): CitationFinding[] {
  const findings: CitationFinding[] = [];
  // A citation may wrap: the title on the next line, or over two, after a comment's `*`, `//`, `--` or `#`.
  const wrap = String.raw`[ \t]*(?:\n[ \t]*(?:\*|\/\/|--|#)?[ \t]*)?`;
  const citation = new RegExp(
    String.raw`((?:[\w.-]+\/)*(?:[A-Z][A-Z_]*|[a-z][\w-]*\.md\b))(\.md)?\]?(?:\([^)\s]*\))?,?${wrap}\\?"([^"\\]{2,100}?)\\?"`,
    'g',
  );
  const lines = text.split('\n');
  for (const match of text.matchAll(citation)) {
    const [, name, md, raw] = match as unknown as [string, string, string | undefined, string];
    if ((raw.match(/\n/g) ?? []).length > 1) continue; // two quotes lines apart, not one title
    if (!/^[\p{L}\p{N}`]/u.test(raw)) continue; // the end of one string and the start of the next (`"a.md", "b"`)
    const doc = name.endsWith('.md') ? name : `${name}.md`;
    if (!name.endsWith('.md') && md === undefined && !/^[A-Z][A-Z_]{3,}$/.test(name)) continue;
    const titles = titlesOf(doc);
    if (titles === undefined) continue;
    const title = raw.replace(/\s*\n[ \t]*(?:\*|\/\/|--|#)?[ \t]*/g, ' ');
    if (!titles.some((candidate) => candidate.startsWith(title))) {
      const line = text.slice(0, match.index).split('\n').length;
      findings.push({ line, text: lines[line - 1]!.trim(), why: `${doc} has no section "${title}"` });
    }
  }
  return findings;
}

/** GitHub's anchor for a heading: its text without formatting, lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/**
 * The anchors a Markdown doc offers: one per heading at any level outside code fences, a repeated
 * slug numbered `-1`, `-2`… as GitHub does, and any explicit `<a name="…">` or `id="…"`.
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      const slug = headingSlug(heading[1]!);
      const count = seen.get(slug) ?? 0;
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
      seen.set(slug, count + 1);
    }
    for (const named of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(named[1]!);
  }
  return anchors;
}

/**
 * Markdown links to an anchor of a Markdown doc, `[text](path/DOC.md#anchor)` or, in a Markdown
 * file, `[text](#anchor)` (its own), whose anchor `anchorsOf(target path as written)` does not
 * hold. Targets `anchorsOf` does not know (undefined: outside the repository) are not checked.
 */
export function brokenAnchorLinks(text: string, anchorsOf: (target: string) => ReadonlySet<string> | undefined): CitationFinding[] {
  const findings: CitationFinding[] = [];
  const link = /\]\(((?:[^)\s#]*\.md)?)#([^)\s]+)\)/g;
  text.split('\n').forEach((lineText, index) => {
    for (const match of lineText.matchAll(link)) {
      const [, target, anchor] = match as unknown as [string, string, string];
      if (/^[a-z]+:/i.test(target)) continue; // another site's page
      const anchors = anchorsOf(target);
      if (anchors === undefined) continue;
      if (!anchors.has(decodeURIComponent(anchor))) {
        findings.push({ line: index + 1, text: lineText.trim(), why: `${target || 'this file'} has no anchor #${anchor}` });
      }
    }
  });
  return findings;
}

/** Words in a Markdown text, counted as `wc -w` does: runs of non-space characters. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
