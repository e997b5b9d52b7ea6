import { describe, expect, test } from 'vitest';
import {
  htmlAlternates,
  htmlLang,
  languageOf,
  pagePath,
  reciprocityProblems,
  sitemapEntries,
  type Alternate,
} from '../../scripts/audit/alternates.ts';
import {
  checkLanguages,
  declaredLanguages,
  languageListProblem,
  languageSample,
  llmsLanguageList,
  sitemapAlternateProblems,
} from '../../scripts/audit/checks/languages.ts';
import { parseArgs } from '../../scripts/audit.ts';
import { renderText, summarise } from '../../scripts/audit/report.ts';
import type { RequestOptions } from '../../scripts/audit/http.ts';
import { cannedAudit, json, response, type Route } from './support.ts';

const SITE = 'https://www.acme.test';
const CODES = ['en', 'nl', 'pt'] as const;
type Code = (typeof CODES)[number];
const NAMES: Record<Code, [own: string, english: string]> = {
  en: ['English', 'English'],
  nl: ['Nederlands', 'Dutch'],
  pt: ['Português', 'Portuguese'],
};

/** A page in every language (home, a service) and one only in English (about). */
const GROUPS: Partial<Record<Code, string>>[] = [
  { en: '/', nl: '/nl', pt: '/pt' },
  { en: '/services/a', nl: '/nl/services/a', pt: '/pt/services/a' },
  { en: '/about' },
];

interface SiteOptions {
  /** Alternates per page, to break on purpose (default: its group). */
  alternates?: (path: string, group: Partial<Record<Code, string>>) => Alternate[];
  /** Only in the sitemap (the pages keep theirs). */
  sitemapAlternates?: (path: string, group: Partial<Record<Code, string>>) => Alternate[];
  missingLlms?: Code[];
  markdownLanguage?: (code: Code) => string;
  searchLanguage?: (code: Code) => string;
  card?: Record<string, unknown>;
}

function groupAlternates(group: Partial<Record<Code, string>>): Alternate[] {
  const versions = CODES.filter((code) => group[code]).map((code) => ({ hreflang: code, path: group[code]! }));
  return versions.length > 1 ? [...versions, { hreflang: 'x-default', path: group.en! }] : [];
}

/** A canned multilingual deployment of http://site.test whose files name https://www.acme.test. */
function multilingualSite(options: SiteOptions = {}) {
  const pages = GROUPS.flatMap((group) =>
    (Object.entries(group) as [Code, string][]).map(([code, path]) => ({ code, path, group })),
  );
  const alternatesOf = (path: string, group: Partial<Record<Code, string>>) =>
    options.alternates?.(path, group) ?? groupAlternates(group);
  const routes: Record<string, Route | ReturnType<typeof response>> = {
    '/.well-known/mcp/server-card.json': json(200, options.card ?? { name: 'acme', languages: [...CODES] }),
    '/sitemap.xml': response(
      200,
      { 'content-type': 'application/xml' },
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${pages
        .map(
          ({ path, group }) =>
            `<url><loc>${SITE}${path}</loc>${(options.sitemapAlternates?.(path, group) ?? alternatesOf(path, group))
              .map((item) => `<xhtml:link rel="alternate" hreflang="${item.hreflang}" href="${SITE}${item.path}"/>`)
              .join('')}</url>`,
        )
        .join('')}</urlset>`,
    ),
  };
  for (const { code, path, group } of pages) {
    const alternates = alternatesOf(path, group);
    const link = [
      `</openapi.json>; rel="describedby"`,
      ...alternates.map((item) => `<${SITE}${item.path}>; rel="alternate"; hreflang="${item.hreflang}"`),
    ].join(', ');
    const title = path === '/' || path.split('/').length === 2 ? 'Acme' : `Service ${code} Alpha`;
    routes[path] = (request: RequestOptions) => {
      if ((request.headers?.accept ?? '').startsWith('text/markdown'))
        return response(
          200,
          {
            'content-type': 'text/markdown; charset=utf-8',
            vary: 'Accept',
            'content-language': options.markdownLanguage?.(code) ?? code,
            link,
          },
          `# ${title}\n\nText.\n`,
        );
      return response(
        200,
        { 'content-type': 'text/html; charset=utf-8', 'content-language': code, vary: 'Accept', link },
        `<!doctype html><html lang="${code}"><head><title>${title}</title>${alternates
          .map((item) => `<link rel="alternate" hreflang="${item.hreflang}" href="${SITE}${item.path}">`)
          .join('')}</head><body><a rel="alternate" hreflang="xx" href="/not-in-head">no</a></body></html>`,
      );
    };
  }
  const list = (heading: string) =>
    `## ${heading}\n\n${CODES.map(
      (code) =>
        `- [${NAMES[code][0]}](${SITE}${code === 'en' ? '' : `/${code}`}/llms.txt): ${NAMES[code][1]} (${code}); full text: ${SITE}${code === 'en' ? '' : `/${code}`}/llms-full.txt`,
    ).join('\n')}\n`;
  for (const code of CODES) {
    const prefix = code === 'en' ? '' : `/${code}`;
    if (!options.missingLlms?.includes(code))
      routes[`${prefix}/llms.txt`] = response(
        200,
        { 'content-type': 'text/plain' },
        `# Acme\n\n> Acme.\n\n## Docs\n\n- [MCP](${SITE}/mcp.md): how\n\n${list(code === 'nl' ? 'Talen' : 'Languages')}`,
      );
    routes[`${prefix}/llms-full.txt`] = response(200, { 'content-type': 'text/plain' }, '# Acme\n\nAll of it.\n');
  }
  const language = { type: 'string', enum: [...CODES] };
  const tools = ['get_company_profile', 'get_page_markdown', 'list_case_studies', 'list_insights', 'search_site'].map(
    (name) => ({ name, inputSchema: { type: 'object', properties: { language }, required: [] } }),
  );
  routes['POST /api/mcp'] = (request: RequestOptions) => {
    const message = JSON.parse(request.body ?? '{}') as {
      id: unknown;
      method: string;
      params?: { arguments?: { language?: Code; query?: string } };
    };
    if (message.method === 'initialize')
      return json(200, { jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2025-11-25' } });
    if (message.method === 'tools/list')
      return json(200, {
        jsonrpc: '2.0',
        id: message.id,
        result: { tools: [...tools, { name: 'start_conversation', inputSchema: { type: 'object' } }] },
      });
    const code = message.params?.arguments?.language ?? 'en';
    const prefix = code === 'en' ? '' : `/${code}`;
    return json(200, {
      jsonrpc: '2.0',
      id: message.id,
      result: {
        content: [{ type: 'text', text: 'results' }],
        structuredContent: {
          results: [
            { url: `${SITE}${prefix}/services/a`, language: options.searchLanguage?.(code) ?? code },
            { url: `${SITE}${prefix}`, language: code },
          ],
        },
      },
    });
  };
  return cannedAudit(routes);
}

async function audited(options: SiteOptions = {}, maxPages?: number) {
  const site = multilingualSite(options);
  await checkLanguages(site.audit, () => {}, maxPages);
  const finding = (id: string) => site.audit.findings.find((item) => item.id === id);
  return { ...site, finding };
}

describe('a multilingual deployment', () => {
  test('every language passes: sitemap, pages in HTML and Markdown, head and Link alternates, llms.txt, search', async () => {
    const { audit, sent } = await audited();
    expect(audit.findings.map((item) => [item.id, item.outcome])).toEqual([
      ['languages.declared', 'pass'],
      ['languages.sitemap.languages', 'pass'],
      ['languages.sitemap.alternates', 'pass'],
      ['languages.sitemap.reciprocity', 'pass'],
      ['languages.en.html', 'pass'],
      ['languages.en.markdown', 'pass'],
      ['languages.nl.html', 'pass'],
      ['languages.nl.markdown', 'pass'],
      ['languages.pt.html', 'pass'],
      ['languages.pt.markdown', 'pass'],
      ['languages.html.alternates', 'pass'],
      ['languages.link.alternates', 'pass'],
      ['languages.en.llms', 'pass'],
      ['languages.nl.llms', 'pass'],
      ['languages.pt.llms', 'pass'],
      ['languages.llms-full', 'pass'],
      ['languages.mcp.argument', 'pass'],
      ['languages.en.search', 'pass'],
      ['languages.nl.search', 'pass'],
      ['languages.pt.search', 'pass'],
    ]);
    expect(audit.findings.find((item) => item.id === 'languages.sitemap.languages')?.title).toBe(
      'the sitemap has pages in every language (en 3, nl 2, pt 2)',
    );
    // Each page is fetched once per kind (memoized), each language's files once.
    expect(sent.filter((line) => line === 'GET /nl/services/a')).toHaveLength(2);
    expect(sent).toContain('GET /pt/llms-full.txt');
    // The search word comes from a page of that language.
    const bodies = sent.filter((line) => line === 'POST /api/mcp');
    expect(bodies.length).toBeGreaterThanOrEqual(4);
  });

  test('a broken reciprocity in the sitemap and the head is named, page by page', async () => {
    // /pt/services/a forgets its Dutch version everywhere: nl lists pt, pt does not list nl back.
    const { finding } = await audited({
      alternates: (path, group) =>
        path === '/pt/services/a'
          ? groupAlternates(group).filter((item) => item.hreflang !== 'nl')
          : groupAlternates(group),
    });
    expect(finding('languages.sitemap.reciprocity')).toMatchObject({
      outcome: 'fail',
      got: expect.stringContaining(
        '/nl/services/a lists /pt/services/a (pt), which does not link back to it as nl (its alternates: en /services/a, pt /pt/services/a, x-default /services/a)',
      ),
    });
    expect(finding('languages.html.alternates')).toMatchObject({
      outcome: 'fail',
      got: expect.stringContaining('/nl/services/a lists /pt/services/a (pt), which does not link back to it as nl'),
    });
    expect(finding('languages.link.alternates')?.outcome).toBe('fail');
    expect(finding('languages.sitemap.alternates')?.outcome).toBe('pass');
  });

  test('the head disagreeing with the sitemap fails the head check only', async () => {
    const { finding } = await audited({
      sitemapAlternates: (path, group) =>
        path === '/nl' ? [...groupAlternates(group), { hreflang: 'pt', path: '/pt/extra' }] : groupAlternates(group),
    });
    expect(finding('languages.html.alternates')).toMatchObject({
      outcome: 'fail',
      got: expect.stringContaining('/nl: the head lists en /, nl /nl, pt /pt, x-default /, the sitemap'),
    });
    expect(finding('languages.sitemap.reciprocity')?.got).toContain('/nl lists /pt/extra (pt), which is not published');
  });

  test("a missing llms.txt fails that language's check with what to publish", async () => {
    const { finding } = await audited({ missingLlms: ['pt'] });
    expect(finding('languages.pt.llms')).toMatchObject({
      outcome: 'fail',
      got: expect.stringMatching(/^HTTP 404/),
      fix: "Publish /pt/llms.txt: agents find a language's pages from its llms.txt.",
    });
    expect(finding('languages.nl.llms')?.outcome).toBe('pass');
  });

  test('a wrong Content-Language on Markdown, and search results of another language, fail', async () => {
    const { finding } = await audited({
      markdownLanguage: (code) => (code === 'nl' ? 'en' : code),
      searchLanguage: (code) => (code === 'pt' ? 'en' : code),
    });
    expect(finding('languages.nl.markdown')).toMatchObject({
      outcome: 'fail',
      got: expect.stringContaining('/nl: Content-Language en'),
    });
    expect(finding('languages.nl.html')?.outcome).toBe('pass');
    expect(finding('languages.pt.search')).toMatchObject({
      outcome: 'fail',
      got: expect.stringContaining(`1 of 2 result(s) not in pt: ${SITE}/pt/services/a (language "en")`),
    });
  });

  test('--max-pages bounds the sample per language and says so', async () => {
    const { finding, sent } = await audited({}, 1);
    expect(finding('languages.en.html')?.title).toMatch(/^en: 1 page\(s\)/);
    expect(finding('languages.pages.rest')).toMatchObject({
      outcome: 'skip',
      fix: expect.stringMatching(/--max-pages 1/),
    });
    expect(sent).not.toContain('GET /about');
  });
});

test('a one-language deployment: the area is skipped with a note', async () => {
  const { audit, sent } = multilingualSite({ card: { name: 'acme' } });
  await checkLanguages(audit, () => {});
  expect(audit.findings).toEqual([
    {
      id: 'languages.declared',
      area: 'languages',
      title: 'the languages the deployment declares (server card "languages")',
      outcome: 'skip',
      fix: 'a one-language deployment: the server card declares no "languages", so there are no language checks',
    },
  ]);
  expect(sent).toEqual(['GET /.well-known/mcp/server-card.json']);
});

describe('reading alternates', () => {
  test('sitemap entries with their alternates, by path (the public host and .md siblings aside)', () => {
    const xml = `<urlset><url><loc>${SITE}/nl/a?x=1&amp;y=2</loc><xhtml:link rel="alternate" hreflang="NL" href="${SITE}/nl/a?x=1&amp;y=2"/><xhtml:link href='${SITE}/a.md' hreflang='en' rel='alternate'/></url><url><loc>${SITE}/b</loc></url></urlset>`;
    expect(sitemapEntries(xml, 'http://site.test/')).toEqual([
      {
        path: '/nl/a?x=1&y=2',
        alternates: [
          { hreflang: 'nl', path: '/nl/a?x=1&y=2' },
          { hreflang: 'en', path: '/a' },
        ],
      },
      { path: '/b', alternates: [] },
    ]);
    expect(pagePath('/index.md', SITE)).toBe('/');
    expect(pagePath('/nl/index.md', SITE)).toBe('/nl');
    expect(pagePath('http://[bad', SITE)).toBeUndefined();
  });

  test('the head only, lang of <html>', () => {
    const html =
      '<html class="x" lang="pt-PT"><head><link rel="alternate" hreflang="en" href="/a"><link rel="alternate" type="text/markdown" href="/a.md"></head><body><link rel="alternate" hreflang="nl" href="/nl/a"></body></html>';
    expect(htmlAlternates(html, SITE)).toEqual([{ hreflang: 'en', path: '/a' }]);
    expect(htmlLang(html)).toBe('pt-pt');
    expect(htmlLang('<html><head>')).toBeUndefined();
  });

  test("a page's language: its own hreflang, else its prefix", () => {
    expect(languageOf('/nl/a', [{ hreflang: 'nl', path: '/nl/a' }], CODES)).toBe('nl');
    expect(languageOf('/pt/b', [], CODES)).toBe('pt');
    expect(languageOf('/about', [], CODES)).toBe('en');
  });

  test('reciprocity: itself, published, linking back under its own language', () => {
    const graph = new Map<string, Alternate[]>([
      [
        '/a',
        [
          { hreflang: 'en', path: '/a' },
          { hreflang: 'nl', path: '/nl/a' },
          { hreflang: 'pt', path: '/pt/a' },
        ],
      ],
      [
        '/nl/a',
        [
          { hreflang: 'en', path: '/a' },
          { hreflang: 'pt', path: '/nl/a' },
        ],
      ],
      ['/b', [{ hreflang: 'nl', path: '/nl/b' }]],
    ]);
    expect(reciprocityProblems(graph)).toEqual([
      '/a lists /nl/a as nl, but /nl/a lists itself as pt',
      '/a lists /pt/a (pt), which is not published',
      '/nl/a lists /a (en), which does not link back to it as pt (its alternates: en /a, nl /nl/a, pt /pt/a)',
      '/b does not list itself among its alternates (nl /nl/b)',
    ]);
  });

  test('sitemap rules: a translation lists alternates, only declared languages, x-default on the default version when there is one', () => {
    expect(
      sitemapAlternateProblems(
        [
          { path: '/about', alternates: [] },
          { path: '/nl/x', alternates: [] },
          {
            path: '/pt/y',
            alternates: [
              { hreflang: 'en', path: '/y' },
              { hreflang: 'pt', path: '/pt/y' },
              { hreflang: 'fr', path: '/fr/y' },
              { hreflang: 'x-default', path: '/pt/y' },
            ],
          },
          {
            path: '/nl/z',
            alternates: [
              { hreflang: 'en', path: '/z' },
              { hreflang: 'nl', path: '/nl/z' },
            ],
          },
          // A page only in Dutch (a facet named only there) has no default version for x-default.
          { path: '/nl/sector/zorg', alternates: [{ hreflang: 'nl', path: '/nl/sector/zorg' }] },
        ],
        CODES,
      ),
    ).toEqual([
      '/nl/x (nl) lists no alternates',
      '/pt/y: hreflang fr not declared',
      '/pt/y: x-default is /pt/y, not the en version /y',
      '/nl/z: no x-default (the en version /z)',
    ]);
  });
});

describe('declarations', () => {
  test("the server card's languages", () => {
    expect(declaredLanguages({ name: 'x' })).toBeUndefined();
    expect(declaredLanguages({ languages: ['en', 'nl', 'pt-BR'] })).toEqual({ codes: ['en', 'nl', 'pt-br'] });
    expect(declaredLanguages({ languages: [] })).toEqual({ problem: '"languages" is []' });
    expect(declaredLanguages({ languages: ['en', 'Dutch'] })).toEqual({ problem: 'not language codes: "Dutch"' });
    expect(declaredLanguages({ languages: ['en', 'en'] })).toEqual({ problem: 'a language listed twice: en, en' });
  });

  test("llms.txt's language list: every language, its own llms.txt, an absolute full text", () => {
    const text = [
      '# Acme',
      '',
      '## Sprachen',
      '',
      `- [English](${SITE}/llms.txt): English (en); full text: ${SITE}/llms-full.txt`,
      `- [Nederlands](${SITE}/nl/llms.txt): Dutch (nl); full text: ${SITE}/nl/llms-full.txt`,
      '',
      '## Other',
      `- [Português](${SITE}/pt/llms.txt): Portuguese (pt); full text: ${SITE}/pt/llms-full.txt`,
    ].join('\n');
    expect(llmsLanguageList(text)?.heading).toBe('Sprachen');
    expect(llmsLanguageList(text)?.items.map((item) => [item.name, item.english, item.code])).toEqual([
      ['English', 'English', 'en'],
      ['Nederlands', 'Dutch', 'nl'],
    ]);
    expect(languageListProblem(text, ['en', 'nl'])).toBeUndefined();
    expect(languageListProblem(text, CODES)).toBe('"## Sprachen" does not list pt');
    expect(languageListProblem(text.replace(`${SITE}/nl/llms.txt`, `${SITE}/llms.txt`), ['en', 'nl'])).toBe(
      `nl links to ${SITE}/llms.txt, not to its /nl/llms.txt (an absolute URL)`,
    );
    expect(languageListProblem('# Acme\n', ['en', 'nl'])).toMatch(/^no section listing the languages/);
  });

  test('one page per section of each language', () => {
    const paths = ['/nl', '/nl/services', '/nl/services/a', '/nl/services/b', '/nl/insights/c', '/nl/about'];
    expect(languageSample(paths, 'nl', CODES, 8)).toEqual(['/nl', '/nl/services', '/nl/insights/c', '/nl/about']);
    expect(languageSample(paths, 'nl', CODES, 2)).toEqual(['/nl', '/nl/services']);
    expect(languageSample(['/', '/services/a', '/services/b'], 'en', CODES, 8)).toEqual(['/', '/services/a']);
  });
});

test('the area is in --only, the text report and the JSON findings', () => {
  expect(parseArgs(['https://www.acme.test', '--only', 'languages'])).toMatchObject({
    options: { areas: ['languages'] },
  });
  const findings = [
    {
      id: 'languages.declared',
      area: 'languages' as const,
      title: 'the languages the deployment declares (server card "languages")',
      outcome: 'skip' as const,
      fix: 'a one-language deployment',
    },
  ];
  const text = renderText({
    target: 'https://acme.test/',
    startedAt: '',
    durationMs: 1000,
    requests: 1,
    summary: summarise(findings),
    findings,
  });
  expect(text).toContain('Languages: hreflang, per-language pages, llms.txt and search: 0 passed, 0 failed, 1 skipped');
});
