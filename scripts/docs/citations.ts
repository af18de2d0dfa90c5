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
 * Citations of the form `docs/NAME.md "Section"` (also `NAME.md "Section"`, `dir/NAME.md, "Section"`
 * and a Markdown link `[NAME.md "Section"](…)`) whose section `titlesOf(path as cited)` does not
 * hold. A title may be cited by its beginning ("Who asks" for "Who asks: proof of authority in
 * every command"). Docs that `titlesOf` does not know (undefined) are not checked.
 */
export function brokenSectionCitations(text: string, titlesOf: (doc: string) => readonly string[] | undefined): CitationFinding[] {
  const findings: CitationFinding[] = [];
  const citation = /((?:[\w.-]+\/)*[A-Z][A-Z_]*\.md)\]?(?:\([^)\s]*\))?,?\s*"([^"\n]{2,100})"/g;
  text.split('\n').forEach((lineText, index) => {
    for (const match of lineText.matchAll(citation)) {
      const [, doc, title] = match as unknown as [string, string, string];
      const titles = titlesOf(doc);
      if (titles === undefined) continue;
      if (!titles.some((candidate) => candidate.startsWith(title))) {
        findings.push({ line: index + 1, text: lineText.trim(), why: `${doc} has no section "${title}"` });
      }
    }
  });
  return findings;
}
