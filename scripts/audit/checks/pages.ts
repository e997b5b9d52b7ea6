/**
 * Markdown negotiation on every page of the deployment's sitemap (`Accept: text/markdown` gets
 * Markdown), and a browser's Accept still getting HTML on one page of each section.
 */
import { BROWSER_ACCEPT, PATHS, mediaType, shown, type Audit } from '../context.ts';
import type { HttpResponse } from '../http.ts';
import { sitemapPaths } from '../site.ts';

/** What is wrong with a page's Markdown answer, or undefined. */
export function markdownProblem(response: HttpResponse): string | undefined {
  if (response.status !== 200) return shown(response, false);
  const type = mediaType(response);
  if (type !== 'text/markdown') return `Content-Type ${response.headers.get('content-type') ?? '(none)'}`;
  const text = response.text.trim();
  if (text.length === 0) return 'an empty body';
  if (/^<(!doctype|html)/i.test(text)) return 'an HTML body labelled text/markdown';
  if (!varies(response)) return `Vary "${response.headers.get('vary') ?? ''}" without Accept`;
  return undefined;
}

export function varies(response: HttpResponse): boolean {
  return (response.headers.get('vary') ?? '')
    .split(',')
    .some((value) => ['accept', '*'].includes(value.trim().toLowerCase()));
}

/** One page per first path segment (the home page, each section), at most `max`. */
export function samplePerSection(paths: readonly string[], max = 8): string[] {
  const seen = new Map<string, string>();
  for (const path of paths) {
    const section = path.split('/')[1] ?? '';
    if (!seen.has(section)) seen.set(section, path);
  }
  return [...seen.values()].slice(0, max);
}

function listed(failures: string[]): string {
  return `${failures.length} page(s): ${failures.slice(0, 8).join('; ')}${failures.length > 8 ? `; … ${failures.length - 8} more` : ''}`;
}

export async function checkPages(audit: Audit, say: (line: string) => void, maxPages?: number): Promise<void> {
  const area = 'pages';
  const all = await sitemapPaths(audit);
  if (all.length === 0) {
    audit.check(area, 'pages.sitemap', 'the sitemap lists pages to check', false, {
      expected: `${PATHS.sitemap} with <loc> entries`,
      got: shown(await audit.getOnce(PATHS.sitemap)),
      fix: 'Publish a sitemap of every HTML page: the audit checks Markdown negotiation on each one.',
    });
    return;
  }
  const paths = maxPages === undefined ? all : all.slice(0, maxPages);
  const seconds = Math.ceil((paths.length * audit.client.intervalMs) / 1000);
  say(
    `pages: ${paths.length} sitemap page(s) to fetch as Markdown, about ${seconds} s at ${audit.client.ratePerMinute} requests/min`,
  );
  const failures: string[] = [];
  for (const [index, path] of paths.entries()) {
    const response = await audit.fetch(path, { headers: { accept: 'text/markdown' } });
    const problem = markdownProblem(response);
    if (problem) failures.push(`${path}: ${problem}`);
    if ((index + 1) % 10 === 0 || index + 1 === paths.length)
      say(`pages: ${index + 1}/${paths.length} fetched as Markdown, ${failures.length} failed`);
  }
  audit.check(
    area,
    'pages.markdown',
    `Accept: text/markdown gets Markdown on ${paths.length === all.length ? 'every' : `the first ${paths.length} of ${all.length}`} sitemap page(s)`,
    failures.length === 0,
    {
      expected: 'HTTP 200, Content-Type text/markdown, a Markdown body, Vary: Accept',
      got: listed(failures),
      fix: 'Every HTML page must be available as Markdown when the request sends Accept: text/markdown (contract, "What the service does").',
    },
  );
  if (maxPages !== undefined && maxPages < all.length)
    audit.skip(
      area,
      'pages.markdown.rest',
      `the other ${all.length - maxPages} sitemap page(s)`,
      `--max-pages ${maxPages} limited the run`,
    );

  const htmlFailures: string[] = [];
  const sample = samplePerSection(paths);
  for (const path of sample) {
    const response = await audit.fetch(path, { headers: { accept: BROWSER_ACCEPT } });
    if (response.status !== 200 || mediaType(response) !== 'text/html')
      htmlFailures.push(`${path}: ${shown(response, false)}`);
  }
  audit.check(
    area,
    'pages.html',
    `a browser's Accept still gets HTML (${sample.length} page(s), one per section)`,
    htmlFailures.length === 0,
    {
      expected: 'HTTP 200, Content-Type text/html',
      got: listed(htmlFailures),
      fix: 'Serve Markdown only when the request prefers text/markdown; browsers must keep getting HTML.',
    },
  );
}
