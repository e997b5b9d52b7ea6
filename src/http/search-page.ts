/**
 * GET /search?q=… (and /<code>/search in each other language): the site's search for people,
 * without JavaScript. The same engine and index as search_site (src/mcp/tools/search-engine.ts), in
 * the page's language; when the query is written in another language of the site and matches
 * more pages there, a link to the same search in that language. The answer is a page of the
 * site (the built frame around <main>: src/build/search-file.ts) or, for `Accept: text/markdown`,
 * the same results as Markdown; never indexed (`noindex`).
 *
 * Bounds: a query of more than MAX_QUERY_LENGTH characters or MAX_QUERY_WORDS words is not
 * searched: 400, the page with the form and the query (cut to the bound) and what to do. An empty
 * query shows the form and a few example searches; no result shows what to try next. Every value
 * from the request is escaped (escapeHtml) before it is written into the page.
 */
import { escapeHtml, TITLE_PLACEHOLDER } from './contact-html.ts';
import { MARKDOWN_CONTENT_TYPE } from './headers.ts';
import { prefersMarkdown } from '../site/negotiate.ts';
import { MAX_QUERY_LENGTH, SEARCH_LIMIT } from '../mcp/tools/limits.ts';
import type { SiteSearchResult } from '../search/result.ts';
import type { SearchEngine } from '../mcp/tools/search-engine.ts';
import type { SearchLanguage, SearchResources } from '../search/page-resources.ts';
import { fill } from '../site/languages.ts';
import { plural } from '../site/plural.ts';

/** The most words a query may have (each is looked up on its own). */
export const MAX_QUERY_WORDS = 32;
/** Results on the page: search_site's most. */
export const PAGE_RESULTS = SEARCH_LIMIT.max;

/** What the traffic record keeps of a search (the query only: src/traffic/notes.ts). */
export interface PageSearchNote {
  query: string;
  language: string;
  /** Pages that matched every word (the record's measure of an answered search). */
  results: number;
}

export interface SearchPageAnswer {
  response: Response;
  /** The search, when one ran. */
  search?: PageSearchNote;
}

export interface SearchPageOptions {
  engine: SearchEngine;
  resources: SearchResources;
  /** The site's address: results link to its paths. */
  baseUrl: string;
}

type Outcome =
  | { kind: 'form' }
  | { kind: 'too-long'; query: string }
  | {
      kind: 'results';
      query: string;
      total: number;
      /** Pages with every word of the query. */
      complete: number;
      results: SiteSearchResult[];
      marks: [number, number][][];
      better?: { language: SearchLanguage; total: number };
    };

/** The words of a query as the bound counts them. */
const wordCount = (query: string) => query.split(/[\s\p{P}]+/u).filter(Boolean).length;

function marked(text: string, spans: readonly [number, number][]): string {
  let html = '';
  let at = 0;
  for (const [start, end] of spans) {
    html += `${escapeHtml(text.slice(at, start))}<mark>${escapeHtml(text.slice(start, end))}</mark>`;
    at = end;
  }
  return html + escapeHtml(text.slice(at));
}

/** Markdown text with nothing a reader would take for markup or a link. */
const markdownText = (text: string) => text.replace(/[\\`*_[\]<>#|]/g, (char) => `\\${char}`);

/** A path of the site for a result's absolute URL (results link within the site, wherever it is served). */
const pathOf = (url: string, baseUrl: string) => (url.startsWith(baseUrl) ? url.slice(baseUrl.length) || '/' : url);

const searchHref = (path: string, query: string) => `${path}?q=${encodeURIComponent(query)}`;

function formHtml(language: SearchLanguage, query: string): string {
  return (
    `<form class="search-form" role="search" method="get" action="${escapeHtml(language.path)}">` +
    `<label for="search-query" class="visually-hidden">${escapeHtml(language.strings.label)}</label>` +
    `<input id="search-query" name="q" type="search" value="${escapeHtml(query)}" maxlength="${MAX_QUERY_LENGTH}" autocomplete="off" enterkeyhint="search">` +
    `<button class="button" type="submit">${escapeHtml(language.strings.label)}</button></form>`
  );
}

function tryNextHtml(language: SearchLanguage): string {
  const { tryNext } = language.strings;
  if (!language.contact) return `<p>${escapeHtml(tryNext.replace(/\s*\{contact\}/, ''))}</p>`;
  const [before, after = ''] = tryNext.split('{contact}');
  return `<p>${escapeHtml(before!)}<a href="${escapeHtml(language.contact.href)}">${escapeHtml(language.contact.label)}</a>${escapeHtml(after)}</p>`;
}

function bodyHtml(language: SearchLanguage, outcome: Outcome, baseUrl: string): string {
  const { strings } = language;
  const query = outcome.kind === 'form' ? '' : outcome.query;
  let html = formHtml(language, query);
  if (outcome.kind === 'form') {
    const items = language.suggestions.map(
      (suggestion) =>
        `<li><a href="${escapeHtml(searchHref(language.path, suggestion))}">${escapeHtml(suggestion)}</a></li>`,
    );
    if (items.length)
      html += `<p>${escapeHtml(strings.suggestions)}</p><ul class="search-suggestions">${items.join('')}</ul>`;
    return html + `<p class="search-status" role="status"></p>`;
  }
  if (outcome.kind === 'too-long') {
    const message = fill(strings.tooLong, { words: MAX_QUERY_WORDS, characters: MAX_QUERY_LENGTH });
    return html + `<p class="search-status" role="status">${escapeHtml(message)}</p>`;
  }
  const status =
    outcome.total === 0
      ? fill(strings.none, { query })
      : fill(plural(strings.results, outcome.total, language.locale), { count: outcome.total, query });
  html += `<p class="search-status" role="status">${escapeHtml(status)}</p>`;
  if (outcome.better) {
    const { language: other, total } = outcome.better;
    const words = fill(plural(strings.betterIn, total, language.locale), { count: total, language: other.name });
    html += `<p class="search-other"><a href="${escapeHtml(searchHref(other.path, query))}" hreflang="${escapeHtml(other.language)}">${escapeHtml(words)}</a></p>`;
  }
  if (outcome.results.length) {
    const items = outcome.results.map((result, i) => {
      const kind = language.kinds[result.kind] ?? result.kind;
      const lang =
        result.language && result.language !== language.language ? ` lang="${escapeHtml(result.language)}"` : '';
      return (
        `<li${lang}><p class="search-kind">${escapeHtml(kind)}${result.date ? ` · <time datetime="${escapeHtml(result.date)}">${escapeHtml(result.date)}</time>` : ''}</p>` +
        `<h2><a href="${escapeHtml(pathOf(result.url, baseUrl))}">${escapeHtml(result.title)}</a></h2>` +
        `<p>${marked(result.snippet, outcome.marks[i] ?? [])}</p></li>`
      );
    });
    html += `<ol class="search-results">${items.join('')}</ol>`;
  }
  if (outcome.total < 3) html += tryNextHtml(language);
  return html;
}

function pageHtml(language: SearchLanguage, outcome: Outcome, baseUrl: string, company: string): string {
  const { strings } = language;
  const title = outcome.kind === 'results' ? fill(strings.resultsTitle, { query: outcome.query }) : strings.label;
  const head = language.shell.head.replace(TITLE_PLACEHOLDER, escapeHtml(`${title} · ${company}`));
  return (
    `${head}<div class="page-head"><div class="container"><h1>${escapeHtml(strings.label)}</h1>` +
    `<p class="lead">${escapeHtml(fill(strings.lead, { company }))}</p></div></div>` +
    `<div class="container section search-page">${bodyHtml(language, outcome, baseUrl)}</div>${language.shell.tail}`
  );
}

function pageMarkdown(language: SearchLanguage, outcome: Outcome, baseUrl: string, company: string): string {
  const { strings } = language;
  const lines = [`# ${markdownText(strings.label)}`, '', markdownText(fill(strings.lead, { company })), ''];
  if (outcome.kind === 'form') {
    if (language.suggestions.length) {
      lines.push(markdownText(strings.suggestions), '');
      for (const suggestion of language.suggestions)
        lines.push(`- [${markdownText(suggestion)}](${baseUrl}${searchHref(language.path, suggestion)})`);
      lines.push('');
    }
  } else if (outcome.kind === 'too-long') {
    lines.push(markdownText(fill(strings.tooLong, { words: MAX_QUERY_WORDS, characters: MAX_QUERY_LENGTH })), '');
  } else {
    const { query } = outcome;
    lines.push(
      markdownText(
        outcome.total === 0
          ? fill(strings.none, { query })
          : fill(plural(strings.results, outcome.total, language.locale), { count: outcome.total, query }),
      ),
      '',
    );
    if (outcome.better) {
      const { language: other, total } = outcome.better;
      const words = fill(plural(strings.betterIn, total, language.locale), { count: total, language: other.name });
      lines.push(`[${markdownText(words)}](${baseUrl}${searchHref(other.path, query)})`, '');
    }
    outcome.results.forEach((result, i) => {
      const kind = language.kinds[result.kind] ?? result.kind;
      lines.push(
        `${i + 1}. [${markdownText(result.title)}](${result.url}) (${markdownText(kind)}${result.date ? `, ${result.date}` : ''})`,
        `   ${markdownText(result.snippet)}`,
      );
    });
    if (outcome.results.length) lines.push('');
    if (outcome.total < 3 && language.contact) {
      const [before, after = ''] = strings.tryNext.split('{contact}');
      lines.push(
        `${markdownText(before!)}[${markdownText(language.contact.label)}](${baseUrl}${language.contact.href})${markdownText(after)}`,
        '',
      );
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The search page's answers: `language` is the page's (from its path), `company` the site's name. */
export function createSearchPage(options: SearchPageOptions) {
  const { engine, resources, baseUrl } = options;

  const run = async (language: SearchLanguage, query: string): Promise<Outcome> => {
    const [answer, detected] = await Promise.all([
      engine.search(query, PAGE_RESULTS, language.language),
      engine.languageOf(query),
    ]);
    const marks = await Promise.all(
      answer.results.map((result, i) =>
        engine.matchedWords(result.snippet, answer.matched[i] ?? [], language.language),
      ),
    );
    const outcome: Extract<Outcome, { kind: 'results' }> = {
      kind: 'results',
      query,
      total: answer.total,
      complete: answer.complete,
      results: answer.results,
      marks,
    };
    const other = detected && detected !== language.language ? resources.languages[detected] : undefined;
    if (other) {
      const there = await engine.search(query, 1, other.language);
      if (there.complete > answer.complete || (answer.total === 0 && there.total > 0))
        outcome.better = { language: other, total: there.total };
    }
    return outcome;
  };

  /**
   * The answer to `request` (GET, or HEAD, whose body the router drops) on the page of language
   * `code`; the router adds the API's headers (Link, Vary, CORS, RateLimit-*, security, cache).
   */
  return async (request: Request, code: string, company: string): Promise<SearchPageAnswer> => {
    const language = resources.languages[code] ?? resources.languages[resources.defaultLanguage]!;
    const url = new URL(request.url);
    const raw = (url.searchParams.get('q') ?? '').replace(/\s+/g, ' ').trim();
    let outcome: Outcome;
    let status = 200;
    if (!raw) outcome = { kind: 'form' };
    else if ([...raw].length > MAX_QUERY_LENGTH || wordCount(raw) > MAX_QUERY_WORDS) {
      status = 400;
      outcome = { kind: 'too-long', query: [...raw].slice(0, MAX_QUERY_LENGTH).join('') };
    } else outcome = await run(language, raw);
    const markdown = prefersMarkdown(request.headers.get('accept'));
    const body = markdown
      ? pageMarkdown(language, outcome, baseUrl, company)
      : pageHtml(language, outcome, baseUrl, company);
    const response = new Response(body, {
      status,
      headers: {
        'Content-Type': markdown ? MARKDOWN_CONTENT_TYPE : 'text/html; charset=utf-8',
        'Content-Language': language.language,
        'X-Robots-Tag': 'noindex',
      },
    });
    return {
      response,
      ...(outcome.kind === 'results'
        ? {
            search: {
              query: outcome.query,
              language: language.language,
              results: outcome.complete,
            },
          }
        : {}),
    };
  };
}

export type SearchPage = ReturnType<typeof createSearchPage>;

/**
 * This module as the API function loads it, apart from its entry (src/lazy/search-page.ts): like
 * the lead path (src/http/lead-path.ts), a second copy of what it shares with the entry, so only
 * plain values and functions cross (the engine's answers, requests and responses).
 */
export interface SearchPageModule {
  createSearchPage: (options: SearchPageOptions) => SearchPage;
}
