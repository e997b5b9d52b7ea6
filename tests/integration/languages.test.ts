/**
 * The site's languages as served, across the whole sitemap: every page in both forms (HTML, and
 * Markdown through `Accept: text/markdown`) says its language (`Content-Language`) and links its
 * versions in every language (`Link: <…>; rel="alternate"; hreflang`, and x-default) exactly as
 * the sitemap's `xhtml:link`s do, reciprocally; every language's llms.txt lists every language in
 * the fixed form and links its own pages. A one-language deployment has none of these headers.
 * The languages are the server card's (`languages`, the default first), so this runs against
 * any content.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { get } from './http.ts';

type Alternates = [hreflang: string, path: string][];

const MARKDOWN = { Accept: 'text/markdown' };
let languages: string[] = [];
/** Sitemap: page path -> its xhtml:link alternates, as paths. */
let sitemap = new Map<string, Alternates>();

const pathOf = (url: string) => new URL(url, 'https://site.invalid').pathname;

/** The language a page path belongs to: its first segment when that names another language. */
function languageOf(path: string): string {
  const first = /^\/([^/.]+)(?:[/.]|$)/.exec(path)?.[1];
  return first && languages.slice(1).includes(first) ? first : languages[0]!;
}

/** The hreflang entries of a Link header, as paths. */
function hreflangLinks(link: string | null, requestPath: string): Alternates {
  return [...(link ?? '').matchAll(/<([^>]*)>;\s*rel="alternate";\s*hreflang="([^"]+)"/g)].map((match) => [
    match[2]!,
    pathOf(new URL(match[1]!, `https://site.invalid${requestPath}`).href),
  ]);
}

beforeAll(async () => {
  const card = (await (await get('/.well-known/mcp/server-card.json')).json()) as { languages?: string[] };
  const xml = await (await get('/sitemap.xml')).text();
  const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => {
    const body = match[1]!;
    const loc = /<loc>([^<]+)<\/loc>/.exec(body)![1]!;
    const links = [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
      (link): [string, string] => [link[1]!, pathOf(link[2]!)],
    );
    return [pathOf(loc), links] as const;
  });
  sitemap = new Map(entries);
  languages = card.languages ?? [languageOf('/')];
});

describe('the sitemap', () => {
  test('names every page’s language versions reciprocally when the site has languages, none otherwise', () => {
    expect(sitemap.size).toBeGreaterThan(0);
    for (const [path, links] of sitemap) {
      if (languages.length < 2) {
        expect(links, path).toEqual([]);
        continue;
      }
      expect(links, path).toContainEqual([languageOf(path), path]);
      for (const [hreflang, href] of links) {
        expect(sitemap.get(href), `${path} -> ${hreflang} ${href}`).toEqual(links);
        if (hreflang !== 'x-default') expect(languageOf(href), href).toBe(hreflang);
      }
      // x-default: the default language's version, or the page's first where it has none.
      const fallback = links.find(([hreflang]) => hreflang === languages[0]) ?? links[0];
      expect(links.find(([hreflang]) => hreflang === 'x-default')?.[1], path).toBe(fallback?.[1]);
    }
  });
});

for (const form of ['HTML', 'Markdown'] as const) {
  describe(`every sitemap page as ${form}`, () => {
    /** What each page's response said: its Content-Language and its hreflang links. */
    const served = new Map<string, { language: string | null; links: Alternates }>();

    test(`says its language and links its versions as the sitemap does`, async () => {
      const failures: string[] = [];
      for (const [path, expected] of sitemap) {
        const response = await get(path, form === 'Markdown' ? { headers: MARKDOWN } : {});
        await response.arrayBuffer();
        const type = response.headers.get('content-type') ?? '';
        if (response.status !== 200 || !type.startsWith(form === 'HTML' ? 'text/html' : 'text/markdown')) {
          failures.push(`${path}: ${response.status} ${type}`);
          continue;
        }
        expect(response.headers.get('vary'), path).toMatch(/accept/i);
        const language = response.headers.get('content-language');
        const links = hreflangLinks(response.headers.get('link'), path);
        served.set(path, { language, links });
        if (languages.length < 2) {
          expect(language, path).toBeNull();
          expect(links, path).toEqual([]);
        } else {
          expect(language, path).toBe(languageOf(path));
          expect(links, path).toEqual(expected);
        }
      }
      expect(failures, `pages not served as ${form}`).toEqual([]);
    });

    test('links are reciprocal: every alternate names the same versions', () => {
      for (const [path, { links }] of served)
        for (const [hreflang, href] of links)
          expect(served.get(href)?.links, `${path} -> ${hreflang} ${href}`).toEqual(links);
    });
  });
}

describe("every language's llms.txt", () => {
  test('lists every language, the default first, in the fixed form, and links its own pages', async () => {
    const origin = (await (await get('/.well-known/mcp/server-card.json')).json()) as { websiteUrl: string };
    for (const code of languages) {
      const prefix = code === languages[0] ? '' : `/${code}`;
      const response = await get(`${prefix}/llms.txt`);
      expect(response.status, code).toBe(200);
      expect(response.headers.get('content-type'), code).toMatch(/^text\/plain/);
      const body = await response.text();
      const lines = [...body.matchAll(/^- \[([^\]]+)\]\((\S+)\): (.+) \(([a-z0-9-]+)\); full text: (\S+)$/gm)].map(
        (match) => ({ name: match[1]!, llms: match[2]!, english: match[3]!, code: match[4]!, full: match[5]! }),
      );
      if (languages.length < 2) {
        expect(lines, code).toEqual([]);
        continue;
      }
      expect(
        lines.map((line) => line.code),
        code,
      ).toEqual(languages);
      for (const line of lines) {
        const own = line.code === languages[0] ? '' : `/${line.code}`;
        expect(line.llms).toBe(`${origin.websiteUrl}${own}/llms.txt`);
        expect(line.full).toBe(`${origin.websiteUrl}${own}/llms-full.txt`);
        expect((await get(line.full)).status, line.full).toBe(200);
      }
      // Its page links are this language's pages, each served.
      const pages = [...body.matchAll(/\]\((https?:\/\/[^)]+\.md)\)/g)]
        .map((match) => pathOf(match[1]!))
        .filter((path) => path !== '/mcp.md');
      expect(pages.length, code).toBeGreaterThan(0);
      for (const path of pages) {
        expect(languageOf(path), `${code}: ${path}`).toBe(code);
        expect((await get(path)).status, path).toBe(200);
      }
    }
  });
});
