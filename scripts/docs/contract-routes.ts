/**
 * What docs/CONTRACT.md says about routes, read the way a test can hold it to the OpenAPI document
 * the gateway serves (libs/client/openapi.json) and to the error catalog (libs/errors). The rules:
 *
 * - A **route mention** is a backticked HTTP method and an absolute path, `POST /api/admin/reward`
 *   (a line break may fall between them); a query (`?status&limit`) and anything after the path
 *   (`{ body }`, `→`) are not part of it. Path parameters are compared by position, not name:
 *   `/api/admin/users/{id}` and `/api/admin/users/{userId}` are the same route.
 * - A **path mention** is a backticked absolute path under `/api/` with no method: it names a path
 *   of the document (any method), or, ending in `…`, the beginning of one.
 * - A **status claim** for a route is an HTTP status (200–599, outside backticks) in the same
 *   sentence of the same block (a list item, a table row or a paragraph), after the route's mention
 *   and before the next backticked path of any kind (another route, a bare path, a relative
 *   `.../reject`): each status belongs to the route named last before it. Not a claim: a number
 *   inside a larger one or a range (`2,592,000`, `1–500`), a bound (`at most 500`), an answer
 *   named as an owner or a moment (`a money command's 201`, `after a 201`).
 * - A **code claim** is a status followed by a backticked error code, `422 \`INSUFFICIENT_FUNDS\``,
 *   anywhere, and each row of the Errors table (`| 409 | \`A\`, \`B\` |`): the code must answer
 *   that status.
 */

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type Method = (typeof methods)[number];

export interface RouteMention {
  method: Method;
  /** The path as written, without its query. */
  path: string;
  /** METHOD and the path with every `{param}` as `{}`: the key a route is compared by. */
  key: string;
  line: number;
}

export interface PathMention {
  path: string;
  /** The mention ends in `…`: it names the beginning of paths. */
  prefix: boolean;
  line: number;
}

export interface StatusClaim {
  route: RouteMention;
  status: number;
  line: number;
  /** The words around the status, for a failure message. */
  excerpt: string;
}

export interface CodeClaim {
  /** The status the text claims for the code: one of these (a table row may name two). */
  statuses: number[];
  code: string;
  line: number;
}

/** A path with its parameters unnamed: `/api/users/{id}/role` → `/api/users/{}/role`. */
export const normalisedPath = (path: string): string => path.replace(/\{[^}]*\}/g, '{}');
export const routeKey = (method: string, path: string): string => `${method.toUpperCase()} ${normalisedPath(path)}`;

/** A piece of the document with the offset of its first character in the whole text. */
interface Piece {
  text: string;
  offset: number;
}

/**
 * The blocks of a Markdown text: each list item (with its continuation lines), each table row and
 * each paragraph; headings and fenced code are no block.
 */
export function blocksOf(markdown: string): Piece[] {
  const blocks: Piece[] = [];
  let current: Piece | null = null;
  let inFence = false;
  let offset = 0;
  for (const line of markdown.split('\n')) {
    const at = offset;
    offset += line.length + 1;
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (inFence || /^\s*```/.test(line) || /^\s*$/.test(line) || /^#/.test(line)) {
      current = null;
      continue;
    }
    const startsItem = /^\s*(?:[-*+]|\d+\.)\s/.test(line);
    if (/^\s*\|/.test(line)) {
      blocks.push({ text: line, offset: at });
      current = null;
    } else if (startsItem || !current) {
      current = { text: line, offset: at };
      blocks.push(current);
    } else {
      current.text += `\n${line}`;
    }
  }
  return blocks;
}

/** The sentences of a block: split after a full stop outside backticks that a new sentence follows. */
export function sentencesOf(block: Piece): Piece[] {
  const sentences: Piece[] = [];
  let start = 0;
  let inCode = false;
  const { text } = block;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '`') inCode = !inCode;
    if (inCode || text[i] !== '.') continue;
    if (!/^\s+[A-Z(`*[]/.test(text.slice(i + 1, i + 4)) || /\b(?:e\.g|i\.e|etc)$/.test(text.slice(0, i))) continue;
    sentences.push({ text: text.slice(start, i + 1), offset: block.offset + start });
    start = i + 1;
  }
  sentences.push({ text: text.slice(start), offset: block.offset + start });
  return sentences;
}

/** Every backticked path of a piece: a route (method and absolute path), a bare path, or a relative `.../x`. */
const backtickedPath = new RegExp(`\`(?:(${methods.join('|')})\\s+)?((?:/|\\.\\.\\./|…/)[^\`\\s]*)[^\`]*\``, 'g');

interface Mark {
  start: number;
  end: number;
  method?: Method;
  path: string;
}

function marksOf(text: string): Mark[] {
  return [...text.matchAll(backtickedPath)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    method: m[1] as Method | undefined,
    path: m[2]!.split('?')[0]!,
  }));
}

const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/** The route mentions of a Markdown text, in order. */
export function routeMentions(markdown: string): RouteMention[] {
  const mentions: RouteMention[] = [];
  for (const block of blocksOf(markdown)) {
    for (const mark of marksOf(block.text)) {
      if (!mark.method || !mark.path.startsWith('/')) continue;
      const line = lineAt(markdown, block.offset + mark.start);
      mentions.push({ method: mark.method, path: mark.path, key: routeKey(mark.method, mark.path), line });
    }
  }
  return mentions;
}

/** The bare `/api/…` path mentions (no method) of a Markdown text. */
export function pathMentions(markdown: string): PathMention[] {
  const mentions: PathMention[] = [];
  for (const block of blocksOf(markdown)) {
    for (const mark of marksOf(block.text)) {
      if (mark.method || !mark.path.startsWith('/api/')) continue;
      const prefix = mark.path.endsWith('…');
      mentions.push({ path: prefix ? mark.path.slice(0, -1) : mark.path, prefix, line: lineAt(markdown, block.offset + mark.start) });
    }
  }
  return mentions;
}

/** An HTTP status as the prose claims one (see the rules above); backticked text is blanked before. */
const statusPattern = /(?<![\d.,–\-−^/])(?<!'s |at most |after a )\b([2-5]\d\d)\b(?![\d,.]\d|\s*[–-]\s*\d)/g;
const blankCode = (text: string): string => text.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));

/** The status claims of a Markdown text, each with the route it belongs to. */
export function statusClaims(markdown: string): StatusClaim[] {
  const claims: StatusClaim[] = [];
  for (const sentence of blocksOf(markdown).flatMap(sentencesOf)) {
    const marks = marksOf(sentence.text);
    const prose = blankCode(sentence.text);
    marks.forEach((mark, index) => {
      if (!mark.method || !mark.path.startsWith('/')) return;
      const route: RouteMention = {
        method: mark.method,
        path: mark.path,
        key: routeKey(mark.method, mark.path),
        line: lineAt(markdown, sentence.offset + mark.start),
      };
      const spanEnd = marks[index + 1]?.start ?? prose.length;
      for (const m of prose.slice(mark.end, spanEnd).matchAll(statusPattern)) {
        const at = mark.end + m.index;
        claims.push({
          route,
          status: Number(m[1]),
          line: lineAt(markdown, sentence.offset + at),
          excerpt: sentence.text.slice(Math.max(0, at - 60), at + 30).replace(/\s+/g, ' '),
        });
      }
    });
  }
  return claims;
}

/** `NNN \`CODE\`` anywhere, and the rows of a status table (`| 503, 504 | \`A\`, \`B\` |`): status and code claimed together. */
export function codeClaims(markdown: string, isCode: (word: string) => boolean): CodeClaim[] {
  const claims: CodeClaim[] = [];
  for (const m of markdown.matchAll(/(?<![\d.,])\b([2-5]\d\d)\**\s+`([A-Z][A-Z0-9_]*)`/g)) {
    if (isCode(m[2]!)) claims.push({ statuses: [Number(m[1])], code: m[2]!, line: lineAt(markdown, m.index) });
  }
  markdown.split('\n').forEach((line, index) => {
    const row = /^\|\s*([2-5]\d\d(?:\s*,\s*[2-5]\d\d)*)\s*\|(.*)\|\s*$/.exec(line);
    if (!row) return;
    const statuses = row[1]!.split(',').map((s) => Number(s.trim()));
    for (const code of row[2]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) {
      if (isCode(code[1]!)) claims.push({ statuses, code: code[1]!, line: index + 1 });
    }
  });
  return claims;
}
