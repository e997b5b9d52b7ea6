/** Facts read from the deployment itself (its sitemap, its llms.txt), shared by the checks. */
import { PATHS, type Audit } from './context.ts';

/** The `<loc>` values of a sitemap (or sitemap index). */
export function sitemapLocations(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) =>
    match[1]!
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'"),
  );
}

/** Sitemaps of a sitemap index the audit reads at most. */
const MAX_CHILD_SITEMAPS = 50;

/** The `<urlset>` documents of the deployment's sitemap: itself, or the sitemaps its index lists. */
export async function sitemapDocuments(audit: Audit): Promise<string[]> {
  const response = await audit.getOnce(PATHS.sitemap);
  if (response.status !== 200) return [];
  if (!/<sitemapindex[\s>]/.test(response.text)) return [response.text];
  // A sitemap index: the pages are in the sitemaps it lists (on this deployment).
  const documents: string[] = [];
  for (const location of sitemapLocations(response.text).slice(0, MAX_CHILD_SITEMAPS)) {
    if (!URL.canParse(location)) continue;
    const child = new URL(location);
    const sitemap = await audit.getOnce(`${child.pathname}${child.search}`);
    if (sitemap.status === 200) documents.push(sitemap.text);
  }
  return documents;
}

/** The page paths of the deployment's sitemap, in order (empty when there is none). */
export async function sitemapPaths(audit: Audit): Promise<string[]> {
  const locations = (await sitemapDocuments(audit)).flatMap(sitemapLocations);
  const paths: string[] = [];
  for (const location of locations) {
    try {
      const url = new URL(location, audit.base);
      paths.push(`${url.pathname}${url.search}`);
    } catch {
      // an invalid <loc> is reported by the discovery checks
    }
  }
  return [...new Set(paths)];
}

/** The longest word (3 letters or more) of a Markdown text's first H1, or undefined. */
export function headingWord(markdown: string): string | undefined {
  const heading = /^# (.+)$/m.exec(markdown)?.[1] ?? '';
  const words = heading.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3);
  return words.sort((a, b) => b.length - a.length)[0];
}

/** A word to search for: the longest word of llms.txt's H1 (the company name), else "services". */
export async function searchWord(audit: Audit, llmsPath: string = PATHS.llms): Promise<string> {
  const response = await audit.getOnce(llmsPath);
  return headingWord(response.status === 200 ? response.text : '') ?? 'services';
}
