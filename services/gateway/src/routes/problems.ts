import { problem } from '@coin/contracts';
import { AppError, errorCatalog, errorCodeOfSlug, problemSlugOf, statusOf, type ErrorCode, type ErrorKind } from '@coin/errors';
import type { App } from '@coin/http';
import { z } from 'zod';

/** What each kind of error means, in one line: with the code's title, the "what it means" of its page. */
const meaningOfKind: Readonly<Record<ErrorKind, string>> = {
  validation: 'The request itself is not acceptable: it was refused before anything was done.',
  unauthenticated: 'The caller could not be identified: no credentials, or credentials that are not (or no longer) valid.',
  forbidden: 'The caller is known but not allowed to do this.',
  'not-found': 'What the request names does not exist, or is not the caller’s to see.',
  'method-not-allowed': 'The path exists, but not with this method.',
  conflict: 'The request conflicts with the current state of the resource or with a request still in flight.',
  'too-large': 'The request body is larger than the gateway accepts.',
  unprocessable: 'The request was understood and checked, and the ledger or user service refused it: nothing changed.',
  'rate-limited': 'The caller sent more requests than the limit allows in the current window.',
  unavailable: 'A part of the service could not be reached; nothing was done, or the outcome is recorded and a retry shows it.',
  timeout: 'The command was sent but its outcome did not arrive in time: it may or may not have been applied.',
  internal: 'The service failed unexpectedly; the failure was logged with the request id.',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page of one code, generated from the error catalog (libs/errors/src/codes.ts). */
export function problemPage(code: ErrorCode): string {
  const { title, kind, action } = errorCatalog[code];
  const h = escapeHtml;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${h(code)}: ${h(title)}</title></head>
<body>
<main>
<h1>${h(title)}</h1>
<p>Code <code>${h(code)}</code>, HTTP status ${statusOf(code)}. Problem type <code>/problems/${h(problemSlugOf(code))}</code>.</p>
<h2>What it means</h2>
<p>${h(meaningOfKind[kind])}</p>
<h2>What to do</h2>
<p>${h(action)}</p>
<p>Every error of this API is an RFC 9457 <code>application/problem+json</code> body with <code>code</code>, <code>detail</code> and <code>requestId</code>; programs should branch on <code>code</code>, and a report to the operators should name the <code>requestId</code>. <a href="/problems">All codes</a>.</p>
</main>
</body>
</html>
`;
}

/** The index of every code. */
export function problemIndexPage(): string {
  const rows = (Object.keys(errorCatalog) as ErrorCode[])
    .map(
      (code) =>
        `<li><a href="/problems/${problemSlugOf(code)}"><code>${code}</code></a> (${statusOf(code)}): ${escapeHtml(errorCatalog[code].title)}</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Coin ledger API: error codes</title></head>
<body>
<main>
<h1>Error codes</h1>
<p>Every error is an RFC 9457 <code>application/problem+json</code> body whose <code>type</code> links to one of these pages.</p>
<ul>
${rows}
</ul>
</main>
</body>
</html>
`;
}

const html = {
  description: 'An HTML page',
  content: { 'text/html': { schema: z.string().meta({ examples: ['<!doctype html><html lang="en">…</html>'] }) } },
};

/**
 * The pages problem `type` URIs point to: one short HTML page per error code, what it
 * means and what to do, from the one error catalog; 404 for anything that is not a code's slug.
 * Public, and locked down like the API (no scripts, no styles, no framing: plugins/security-headers.ts).
 */
export function registerProblemRoutes(app: App): void {
  const pages = new Map((Object.keys(errorCatalog) as ErrorCode[]).map((code) => [problemSlugOf(code), problemPage(code)]));
  const index = problemIndexPage();

  app.get(
    '/problems',
    {
      config: { access: 'public' },
      schema: {
        tags: ['problems'],
        summary: 'Every error code, with a link to its page',
        operationId: 'listErrorCodes',
        response: { 200: html },
      },
    },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(index),
  );

  app.get(
    '/problems/:code',
    {
      config: { access: 'public' },
      schema: {
        tags: ['problems'],
        summary: 'What an error code means and what to do about it (the page a problem type URI points to)',
        operationId: 'getErrorCodePage',
        params: z.object({
          // Any other text is answered 404 (a page that does not exist); the document lists the pages there are.
          code: z
            .string()
            .describe('The code in kebab case, e.g. insufficient-funds')
            .meta({ enum: (Object.keys(errorCatalog) as ErrorCode[]).map(problemSlugOf) }),
        }),
        response: { 200: html, 404: problem },
      },
    },
    async (request, reply) => {
      const code = errorCodeOfSlug(request.params.code);
      const page = code === null ? undefined : pages.get(problemSlugOf(code));
      if (page === undefined) throw new AppError('NOT_FOUND', 'No error code has this page');
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );
}
