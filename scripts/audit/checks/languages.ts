/**
 * The languages a deployment declares, each checked from outside. The declaration is the MCP
 * server card's top-level `languages` (default first); a card without one is a one-language
 * deployment and the area is skipped with a note. For a multilingual one:
 *
 * - sitemap: every page of another language than the default lists its alternates
 *   (`<xhtml:link rel="alternate" hreflang href>`, itself included, an `x-default` on the default
 *   language's version when there is one), only declared languages, pages in every language, and
 *   every alternate links back (reciprocity over the whole sitemap: no requests);
 * - per language, a sample of its sitemap pages (one per section, bounded by --max-pages):
 *   HTML with `Content-Language` and `<html lang>` of that language, Markdown
 *   (`Accept: text/markdown`) with the same `Content-Language`;
 * - the sampled pages' `<link rel="alternate" hreflang>` in the head and `Link: …; rel="alternate";
 *   hreflang=…` headers (HTML and Markdown responses): the same alternates as the sitemap, and
 *   every alternate's page links back;
 * - each language's llms.txt (`/llms.txt` for the default, `/<code>/llms.txt` for the others)
 *   exists and has a section listing every language (`- [own name](its llms.txt): English name
 *   (code); full text: its llms-full.txt`), and each listed llms-full.txt answers;
 * - MCP: the read tools take an optional `language` argument whose enum is the languages, and
 *   `search_site` with `language` set answers with results in that language only.
 */
import { LEGACY_PROTOCOL_VERSIONS } from '../../../src/mcp/versions.ts';
import {
  describe,
  htmlAlternates,
  htmlLang,
  languageOf,
  linkAlternates,
  pagePath,
  reciprocityProblems,
  sameAlternates,
  sameLanguage,
  sitemapEntries,
  type Alternate,
  type SitemapEntry,
} from '../alternates.ts';
import { BROWSER_ACCEPT, PATHS, isObject, jsonOf, mediaType, shown, type Audit } from '../context.ts';
import type { HttpResponse } from '../http.ts';
import { errorOf, post, request, requireMcp, resultOf, toolText } from '../mcp.ts';
import { excerpt } from '../report.ts';
import { headingWord, searchWord, sitemapDocuments } from '../site.ts';
import { parseLinks } from './headers.ts';
import { markdownProblem } from './pages.ts';
import { CONTRACT_TOOLS } from './tools.ts';

const AREA = 'languages';

/** Pages sampled per language (one per section) when --max-pages does not ask for fewer. */
export const SAMPLE_PER_LANGUAGE = 6;

/** Requests the area sends, about, for a deployment of three languages (for the time estimate). */
export const LANGUAGE_REQUESTS = 60;

/** A BCP 47 language tag as the card writes it (`en`, `pt-BR`). */
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

/** The tool that files a lead: not a read tool. */
const LEAD_TOOL = 'start_conversation';

/**
 * The languages a server card declares: undefined when it declares none (one language), else the
 * codes (default first) or what is wrong with them.
 */
export function declaredLanguages(
  card: Record<string, unknown>,
): { codes: string[] } | { problem: string } | undefined {
  if (!('languages' in card)) return undefined;
  const value = card.languages;
  if (!Array.isArray(value) || value.length === 0) return { problem: `"languages" is ${JSON.stringify(value)}` };
  const wrong = value.filter((code) => typeof code !== 'string' || !LANGUAGE_TAG.test(code));
  if (wrong.length) return { problem: `not language codes: ${wrong.map((code) => JSON.stringify(code)).join(', ')}` };
  const codes = (value as string[]).map((code) => code.toLowerCase());
  if (new Set(codes).size !== codes.length) return { problem: `a language listed twice: ${codes.join(', ')}` };
  return { codes };
}

/** Where a language's llms.txt lives: /llms.txt for the default (first), /<code>/llms.txt for the others. */
export function llmsPathOf(code: string, codes: readonly string[]): string {
  return code === codes[0] ? PATHS.llms : `/${code}${PATHS.llms}`;
}

export interface LanguageListItem {
  name: string;
  llms: string;
  english: string;
  code: string;
  full: string;
}

const LIST_ITEM =
  /^\s*[-*]\s+\[([^\]]+)\]\(\s*<?([^)\s>]+)>?\s*\):\s*(.+?)\s*\(([A-Za-z0-9-]+)\);\s*full text:\s*<?([^\s>]+)>?\s*$/;

/**
 * The section of an llms.txt that lists the languages: the first `## …` section with items
 * `- [own name](llms.txt URL): English name (code); full text: llms-full.txt URL`.
 */
export function llmsLanguageList(text: string): { heading: string; items: LanguageListItem[] } | undefined {
  let heading: string | undefined;
  let found: { heading: string; items: LanguageListItem[] } | undefined;
  for (const line of text.split('\n')) {
    const section = /^##\s+(.+?)\s*$/.exec(line);
    if (section) {
      if (found) return found;
      heading = section[1]!;
      continue;
    }
    const item = heading === undefined ? null : LIST_ITEM.exec(line);
    if (!item) continue;
    found ??= { heading: heading!, items: [] };
    found.items.push({
      name: item[1]!,
      llms: item[2]!,
      english: item[3]!,
      code: item[4]!.toLowerCase(),
      full: item[5]!,
    });
  }
  return found;
}

/** What is wrong with an llms.txt's language list, or undefined. */
export function languageListProblem(text: string, codes: readonly string[]): string | undefined {
  const list = llmsLanguageList(text);
  if (!list)
    return 'no section listing the languages (items "- [own name](<its llms.txt>): <English name> (<code>); full text: <its llms-full.txt>")';
  const listed = list.items.map((item) => item.code);
  const missing = codes.filter((code) => !listed.includes(code));
  const unknown = listed.filter((code) => !codes.includes(code));
  const problems: string[] = [];
  if (missing.length) problems.push(`"## ${list.heading}" does not list ${missing.join(', ')}`);
  if (unknown.length)
    problems.push(`"## ${list.heading}" lists ${unknown.join(', ')}, which the server card does not declare`);
  for (const item of list.items) {
    if (!codes.includes(item.code)) continue;
    const expected = llmsPathOf(item.code, codes);
    if (!URL.canParse(item.llms) || pagePath(item.llms, 'http://x/') !== expected)
      problems.push(`${item.code} links to ${item.llms}, not to its ${expected} (an absolute URL)`);
    if (!URL.canParse(item.full)) problems.push(`${item.code}'s full text "${item.full}" is not an absolute URL`);
  }
  return problems.length ? problems.join('; ') : undefined;
}

/**
 * Up to `max` pages of one language, one per section (the first path segment after the
 * language's prefix: the home page, each listing, each page of its own).
 */
export function languageSample(
  paths: readonly string[],
  code: string,
  codes: readonly string[],
  max: number,
): string[] {
  const prefix = code === codes[0] ? '' : `/${code}`;
  const seen = new Map<string, string>();
  for (const path of paths) {
    const rest = prefix && (path === prefix || path.startsWith(`${prefix}/`)) ? path.slice(prefix.length) || '/' : path;
    const section = rest.split('/')[1] ?? '';
    if (!seen.has(section)) seen.set(section, path);
  }
  return [...seen.values()].slice(0, max);
}

/** "N page(s): a; b; … k more". */
function listed(problems: readonly string[]): string {
  return `${problems.length} problem(s): ${problems.slice(0, 8).join('; ')}${problems.length > 8 ? `; … ${problems.length - 8} more` : ''}`;
}

/** The sitemap's problems with alternates: pages without them, undeclared languages, x-default. */
export function sitemapAlternateProblems(entries: readonly SitemapEntry[], codes: readonly string[]): string[] {
  const problems: string[] = [];
  for (const entry of entries) {
    const languages = entry.alternates.filter((item) => item.hreflang !== 'x-default');
    const language = languageOf(entry.path, entry.alternates, codes);
    const unknown = languages.filter((item) => !codes.includes(item.hreflang));
    if (unknown.length)
      problems.push(`${entry.path}: hreflang ${unknown.map((item) => item.hreflang).join(', ')} not declared`);
    if (languages.length === 0) {
      // A page only in the default language may list no alternates; a translation has an original.
      if (language !== codes[0]) problems.push(`${entry.path} (${language}) lists no alternates`);
      continue;
    }
    if (!languages.some((item) => item.path === entry.path))
      problems.push(`${entry.path} does not list itself (${describe(languages)})`);
    // x-default names the default language's version; a page without one (a facet whose name
    // exists only in one language) may have none.
    const fallback = entry.alternates.filter((item) => item.hreflang === 'x-default');
    const original = languages.find((item) => item.hreflang === codes[0]);
    if (fallback.length > 1) problems.push(`${entry.path}: ${fallback.length} x-default alternates, not 1`);
    else if (original && fallback.length === 0)
      problems.push(`${entry.path}: no x-default (the ${codes[0]} version ${original.path})`);
    else if (original && fallback[0]!.path !== original.path)
      problems.push(`${entry.path}: x-default is ${fallback[0]!.path}, not the ${codes[0]} version ${original.path}`);
  }
  return problems;
}

/** What is wrong with a page's HTML answer for language `code`, or undefined. */
export function htmlLanguageProblem(response: HttpResponse, code: string): string | undefined {
  if (response.status !== 200 || mediaType(response) !== 'text/html') return shown(response, false);
  const problems: string[] = [];
  const contentLanguage = response.headers.get('content-language');
  if (!sameLanguage(contentLanguage, code)) problems.push(`Content-Language ${contentLanguage ?? '(none)'}`);
  const lang = htmlLang(response.text);
  if (!sameLanguage(lang, code)) problems.push(`<html lang> ${lang ?? '(none)'}`);
  return problems.length ? problems.join(', ') : undefined;
}

/** What is wrong with a page's Markdown answer for language `code`, or undefined. */
export function markdownLanguageProblem(response: HttpResponse, code: string): string | undefined {
  const problem = markdownProblem(response);
  if (problem) return problem;
  const contentLanguage = response.headers.get('content-language');
  return sameLanguage(contentLanguage, code) ? undefined : `Content-Language ${contentLanguage ?? '(none)'}`;
}

const linkAlternatesOf = (response: HttpResponse, base: URL) =>
  linkAlternates(parseLinks(response.headers.get('link')), base);

/** Long: a list of independent checks run in the order the report prints them, over the languages the deployment declares. */
export async function checkLanguages(audit: Audit, say: (line: string) => void, maxPages?: number): Promise<void> {
  const cardResponse = await audit.getOnce(PATHS.serverCard);
  const card = cardResponse.status === 200 ? jsonOf(cardResponse) : undefined;
  const title = 'the languages the deployment declares (server card "languages")';
  if (!isObject(card)) {
    audit.skip(
      AREA,
      'languages.declared',
      title,
      `the server card ${PATHS.serverCard} could not be read (${shown(cardResponse, false)}); the discovery area reports it`,
    );
    return;
  }
  const declared = declaredLanguages(card);
  if (declared === undefined) {
    audit.skip(
      AREA,
      'languages.declared',
      title,
      'a one-language deployment: the server card declares no "languages", so there are no language checks',
    );
    return;
  }
  if (
    !audit.check(AREA, 'languages.declared', title, !('problem' in declared), {
      expected: '"languages": an array of distinct language codes, the default first (e.g. ["en", "nl"])',
      got: 'problem' in declared ? declared.problem : undefined,
      fix: 'List every language the site publishes in the server card, the default first.',
    }) ||
    'problem' in declared
  )
    return;
  const codes = declared.codes;
  say(`languages: ${codes.join(', ')} (default ${codes[0]})`);

  // ---------------------------------------------------------------------------------- sitemap
  const entries = (await sitemapDocuments(audit)).flatMap((xml) => sitemapEntries(xml, audit.base));
  const sitemap = new Map<string, Alternate[]>();
  for (const entry of entries) if (!sitemap.has(entry.path)) sitemap.set(entry.path, entry.alternates);
  const pagesOf = new Map(codes.map((code) => [code, [] as string[]]));
  for (const [path, alternates] of sitemap) pagesOf.get(languageOf(path, alternates, codes))?.push(path);
  const empty = codes.filter((code) => pagesOf.get(code)!.length === 0);
  audit.check(
    AREA,
    'languages.sitemap.languages',
    `the sitemap has pages in every language (${codes.map((code) => `${code} ${pagesOf.get(code)!.length}`).join(', ')})`,
    empty.length === 0,
    {
      expected: `pages in ${codes.join(', ')} (a page's language: its own hreflang, else its /<code>/ prefix)`,
      got: entries.length === 0 ? shown(await audit.getOnce(PATHS.sitemap)) : `no pages in ${empty.join(', ')}`,
      fix: 'List every page of every language in the sitemap, with its alternates.',
    },
  );
  const alternateProblems = sitemapAlternateProblems(
    [...sitemap].map(([path, alternates]) => ({ path, alternates })),
    codes,
  );
  audit.check(
    AREA,
    'languages.sitemap.alternates',
    'sitemap: every translated page lists its alternates (itself included, declared languages, x-default on the default language)',
    alternateProblems.length === 0,
    {
      expected:
        '<xhtml:link rel="alternate" hreflang="<code>" href="…"/> for each language of the page, itself included, and hreflang="x-default" on the default language\'s version',
      got: listed(alternateProblems),
      fix: 'List each page\'s language versions in the sitemap (Google: "Tell Google about localized versions of your page").',
    },
  );
  const sitemapReciprocity = reciprocityProblems(sitemap);
  audit.check(
    AREA,
    'languages.sitemap.reciprocity',
    'sitemap: every alternate links back (hreflang reciprocity)',
    sitemapReciprocity.length === 0,
    {
      expected: "when page A lists B as an alternate, B is in the sitemap and lists A under A's language",
      got: listed(sitemapReciprocity),
      fix: "Generate every language version's alternates from one table, so each lists all the others; search engines ignore alternates that do not link back.",
    },
  );

  // ---------------------------------------------------------------------------- sampled pages
  const perLanguage = Math.min(SAMPLE_PER_LANGUAGE, maxPages ?? SAMPLE_PER_LANGUAGE);
  const samples = new Map(codes.map((code) => [code, languageSample(pagesOf.get(code)!, code, codes, perLanguage)]));
  const html = (path: string) => audit.getOnce(path, BROWSER_ACCEPT);
  const markdown = (path: string) => audit.getOnce(path, 'text/markdown');
  for (const code of codes) {
    const sample = samples.get(code)!;
    if (sample.length === 0) {
      audit.skip(
        AREA,
        `languages.${code}.pages`,
        `${code}: its pages answer in its language`,
        'the sitemap lists no page of this language',
      );
      continue;
    }
    say(`languages: ${code}: ${sample.length} page(s), in HTML and Markdown`);
    const htmlProblems: string[] = [];
    const markdownProblems: string[] = [];
    for (const path of sample) {
      const problem = htmlLanguageProblem(await html(path), code);
      if (problem) htmlProblems.push(`${path}: ${problem}`);
      const mdProblem = markdownLanguageProblem(await markdown(path), code);
      if (mdProblem) markdownProblems.push(`${path}: ${mdProblem}`);
    }
    audit.check(
      AREA,
      `languages.${code}.html`,
      `${code}: ${sample.length} page(s) answer in HTML with Content-Language and <html lang> ${code}`,
      htmlProblems.length === 0,
      {
        expected: `HTTP 200, text/html, Content-Language: ${code}, <html lang="${code}">`,
        got: listed(htmlProblems),
        fix: `Serve each language's pages with its Content-Language header and <html lang>; pages of languages other than the default live under /<code>/.`,
      },
    );
    audit.check(
      AREA,
      `languages.${code}.markdown`,
      `${code}: the same page(s) answer Accept: text/markdown with Markdown and Content-Language ${code}`,
      markdownProblems.length === 0,
      {
        expected: `HTTP 200, text/markdown, Vary: Accept, Content-Language: ${code}`,
        got: listed(markdownProblems),
        fix: "Serve every language's pages as Markdown too, with the page's Content-Language.",
      },
    );
  }
  if (maxPages !== undefined && maxPages < SAMPLE_PER_LANGUAGE)
    audit.skip(
      AREA,
      'languages.pages.rest',
      `more sampled pages per language (up to ${SAMPLE_PER_LANGUAGE})`,
      `--max-pages ${maxPages} limited the sample to ${perLanguage} per language`,
    );

  // ---------------------------------------------------- alternates in the head and Link headers
  const subjects = [...new Set([...samples.values()].flat())];
  const head = new Map<string, Alternate[]>();
  const links = new Map<string, Alternate[]>();
  const headProblems: string[] = [];
  const linkProblems: string[] = [];
  const read = async (path: string) => {
    if (head.has(path)) return;
    const response = await html(path);
    if (response.status !== 200 || mediaType(response) !== 'text/html') return;
    head.set(path, htmlAlternates(response.text, audit.base));
    links.set(path, linkAlternatesOf(response, audit.base));
  };
  for (const path of subjects) await read(path);
  // The alternates' own pages, so that reciprocity can be checked (each fetched once).
  for (const path of subjects)
    for (const alternate of [...(head.get(path) ?? []), ...(links.get(path) ?? [])])
      if (alternate.hreflang !== 'x-default' && alternate.path !== path) await read(alternate.path);
  for (const path of subjects) {
    const own = head.get(path);
    if (own === undefined) continue; // no HTML: reported per language above
    const listedInSitemap = sitemap.get(path);
    if (listedInSitemap && !sameAlternates(own, listedInSitemap))
      headProblems.push(`${path}: the head lists ${describe(own)}, the sitemap ${describe(listedInSitemap)}`);
    const fromLinks = links.get(path)!;
    if (!sameAlternates(fromLinks, own))
      linkProblems.push(`${path} (HTML): Link lists ${describe(fromLinks)}, the head ${describe(own)}`);
    const md = await markdown(path);
    if (md.status === 200) {
      const fromMarkdown = linkAlternatesOf(md, audit.base);
      if (!sameAlternates(fromMarkdown, own))
        linkProblems.push(`${path} (Markdown): Link lists ${describe(fromMarkdown)}, the HTML head ${describe(own)}`);
    }
  }
  headProblems.push(...reciprocityProblems(head, subjects));
  linkProblems.push(...reciprocityProblems(links, subjects));
  audit.check(
    AREA,
    'languages.html.alternates',
    `HTML head: the sampled pages (${subjects.length}) list the sitemap's alternates, and each alternate links back`,
    headProblems.length === 0,
    {
      expected:
        '<link rel="alternate" hreflang="<code>" href="…"> for each language version, itself included, the same as the sitemap, reciprocal',
      got: listed(headProblems),
      fix: "Put every language version of a page in its head, from the same table as the sitemap's alternates.",
    },
  );
  audit.check(
    AREA,
    'languages.link.alternates',
    "Link headers: the sampled pages' HTML and Markdown answers carry the same alternates as the head, each linking back",
    linkProblems.length === 0,
    {
      expected:
        'Link: <url>; rel="alternate"; hreflang="<code>" for each language version, on HTML and Markdown responses',
      got: listed(linkProblems),
      fix: "Send the page's language versions as Link headers on its HTML and its Markdown responses.",
    },
  );

  // ------------------------------------------------------------------------------- llms.txt
  let fullTexts: string[] = [];
  for (const code of codes) {
    const path = llmsPathOf(code, codes);
    const response = await audit.getOnce(path);
    const problem = response.status === 200 ? languageListProblem(response.text, codes) : shown(response, false);
    audit.check(
      AREA,
      `languages.${code}.llms`,
      `${code}: ${path} exists and lists every language`,
      problem === undefined,
      {
        expected: `HTTP 200 and a "## …" section listing ${codes.join(', ')}: "- [own name](<its llms.txt>): <English name> (<code>); full text: <its llms-full.txt>"`,
        got: problem,
        fix:
          response.status === 200
            ? 'List every language in each llms.txt, each with its llms.txt and llms-full.txt.'
            : `Publish ${path}: agents find a language's pages from its llms.txt.`,
      },
    );
    if (code === codes[0] && response.status === 200)
      fullTexts = (llmsLanguageList(response.text)?.items ?? [])
        .map((item) => item.full)
        .filter((url) => URL.canParse(url));
  }
  if (fullTexts.length) {
    const failures: string[] = [];
    for (const url of fullTexts) {
      const target = new URL(url);
      const response = await audit.getOnce(`${target.pathname}${target.search}`);
      if (response.status !== 200 || response.text.trim().length === 0)
        failures.push(`${target.pathname}: ${shown(response, false)}`);
    }
    audit.check(
      AREA,
      'languages.llms-full',
      `each language's llms-full.txt as ${PATHS.llms} lists it answers (${fullTexts.length})`,
      failures.length === 0,
      {
        expected: "HTTP 200 with the language's pages",
        got: listed(failures),
        fix: "Publish each language's llms-full.txt where its llms.txt entry says.",
      },
    );
  }

  // ------------------------------------------------------------------------------------- MCP
  if (!(await requireMcp(audit, AREA))) return;
  const headers = { 'mcp-protocol-version': LEGACY_PROTOCOL_VERSIONS[0] };
  const list = await post(audit, request('languages-tools', 'tools/list'), headers);
  const tools = resultOf(list.body)?.tools;
  const readTools = (Array.isArray(tools) ? tools : []).filter(
    (tool): tool is { name: string; inputSchema?: { properties?: Record<string, unknown>; required?: unknown } } =>
      isObject(tool) && typeof tool.name === 'string' && tool.name in CONTRACT_TOOLS && tool.name !== LEAD_TOOL,
  );
  const argumentProblems: string[] = [];
  for (const tool of readTools) {
    const schema = tool.inputSchema?.properties?.language;
    const enumeration = isObject(schema) && Array.isArray(schema.enum) ? schema.enum : undefined;
    const required = Array.isArray(tool.inputSchema?.required) && tool.inputSchema.required.includes('language');
    if (!isObject(schema)) argumentProblems.push(`${tool.name}: no "language" argument`);
    else if (!enumeration || !sameSet(enumeration, codes))
      argumentProblems.push(`${tool.name}: "language" enum ${JSON.stringify(enumeration ?? null)}`);
    else if (required) argumentProblems.push(`${tool.name}: "language" is required`);
  }
  audit.check(
    AREA,
    'languages.mcp.argument',
    `the read tools (${readTools.length}) take an optional "language" argument, an enum of ${codes.join(', ')}`,
    readTools.length > 0 && argumentProblems.length === 0,
    {
      expected: `inputSchema.properties.language {enum: ${JSON.stringify(codes)}}, not required`,
      got: readTools.length ? listed(argumentProblems) : shown(list.response),
      fix: "Give each read tool an optional language argument listing the site's languages.",
    },
  );
  let id = 0;
  for (const code of codes) {
    const query = await queryFor(audit, code, codes, samples.get(code)!);
    const args = { query, language: code };
    const { response, body } = await post(
      audit,
      request(`languages-search-${(id += 1)}`, 'tools/call', { name: 'search_site', arguments: args }),
      headers,
    );
    const result = resultOf(body);
    const results = isObject(result?.structuredContent) ? result.structuredContent.results : undefined;
    let problem: string | undefined;
    if (response.status !== 200 || !result || result.isError === true) {
      const error = errorOf(body);
      problem = error
        ? `JSON-RPC error ${String(error.code)}: ${excerpt(String(error.message))}`
        : result?.isError
          ? `a tool error: ${excerpt(toolText(result))}`
          : shown(response);
    } else if (!Array.isArray(results)) problem = 'no structuredContent.results';
    else if (results.length === 0) problem = `no results for "${query}"`;
    else {
      const others = results.filter((item) => !isObject(item) || item.language !== code);
      if (others.length)
        problem = `${others.length} of ${results.length} result(s) not in ${code}: ${others
          .slice(0, 3)
          .map((item) =>
            isObject(item)
              ? `${typeof item.url === 'string' ? item.url : JSON.stringify(item.url ?? item.path)} (language ${JSON.stringify(item.language)})`
              : JSON.stringify(item),
          )
          .join('; ')}`;
    }
    audit.check(
      AREA,
      `languages.${code}.search`,
      `${code}: search_site with language "${code}" answers with results in ${code}`,
      problem === undefined,
      {
        expected: `HTTP 200, structuredContent.results, each with language "${code}", for arguments ${JSON.stringify(args)}`,
        got: problem,
        fix: "Search only the requested language's pages when search_site gets a language, and name each result's language.",
      },
    );
  }
}

/** Whether two lists hold the same values (as sets). */
function sameSet(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

/**
 * A word that one of the language's pages has in its title: the longest word of the H1 of a
 * sampled page's Markdown (an entry's first, not the home page), else of the language's llms.txt H1.
 */
async function queryFor(
  audit: Audit,
  code: string,
  codes: readonly string[],
  sample: readonly string[],
): Promise<string> {
  const home = code === codes[0] ? '/' : `/${code}`;
  const depth = (path: string) => path.split('/').length;
  const entriesFirst = sample.filter((path) => path !== home).sort((a, b) => depth(b) - depth(a));
  for (const path of entriesFirst) {
    const response = await audit.getOnce(path, 'text/markdown');
    const word = response.status === 200 ? headingWord(response.text) : undefined;
    if (word) return word;
  }
  return searchWord(audit, llmsPathOf(code, codes));
}
