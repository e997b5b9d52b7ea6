/**
 * The page actions menu (src/components/page-actions.ts): which pages show it, its Markdown path,
 * and the assistants' links: the question in the page's language, with the page's URL, encoded
 * so that the assistant's `q` reads back exactly that question. Also the checks of company.yaml's
 * `assistants` and of strings.yaml's `actions.prompt`, whose errors say what to write instead.
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { assistantHref, hasPageActions, pageActionsFor } from '../../src/components/page-actions.ts';
import { parseCompany } from '../../src/model/company.ts';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel, modelOfLanguage, type SiteModel, type SitePage } from '../../src/model/model.ts';
import { DEFAULT_ASSISTANTS, MAX_ASSISTANTS } from '../../src/schemas/assistants.ts';
import { stringsSchema } from '../../src/schemas/strings.ts';
import { realModel } from '../discovery/fixtures.ts';

const BASE = 'https://www.northbeam.example';
const model = realModel();

const pageOf = (site: SiteModel, pagePath: string): { model: SiteModel; page: SitePage } => {
  const language = modelOfLanguage(site, pagePath.split('/')[1]);
  const page = language.index.pages.get(pagePath);
  if (!page) throw new Error(`no page ${pagePath}`);
  return { model: language, page };
};

/** The question an assistant's link carries, decoded as the assistant reads it. */
const questionOf = (href: string) => new URL(href).searchParams.get('q');

describe('assistantHref', () => {
  test('puts the prompt where {prompt} is, encoded so the query reads back exactly the prompt', () => {
    const prompt = 'Read https://x.example/a?b=1&c=2#d and answer: 50% + "more" / less? 物流 café';
    const href = assistantHref('https://claude.ai/new?q={prompt}', prompt);
    expect(href).toBe(`https://claude.ai/new?q=${encodeURIComponent(prompt)}`);
    // Nothing in the query that would end it or start another parameter: only unreserved characters and escapes.
    expect(href.slice('https://claude.ai/new?q='.length)).toMatch(/^(?:[A-Za-z0-9\-_.!~*'()]|%[0-9A-F]{2})+$/);
    expect(questionOf(href)).toBe(prompt);
  });

  test('keeps the rest of the template as written, other parameters and all', () => {
    const href = assistantHref('https://chatgpt.com/?hints=search&q={prompt}', 'a b');
    expect(href).toBe('https://chatgpt.com/?hints=search&q=a%20b');
    expect(new URL(href).searchParams.get('hints')).toBe('search');
  });

  test('a prompt holding "$&" or "{prompt}" is put in literally, not read as a pattern', () => {
    expect(assistantHref('https://a.example/?q={prompt}', '$& {prompt}')).toBe(
      `https://a.example/?q=${encodeURIComponent('$& {prompt}')}`,
    );
  });
});

describe('pageActionsFor', () => {
  test("an English entry: its Markdown sibling, and each assistant asked in English about the page's URL", () => {
    const { model: en, page } = pageOf(model, '/insights/cloud-migration-wave-planning');
    const actions = pageActionsFor(en, page)!;
    expect(actions.markdownPath).toBe('/insights/cloud-migration-wave-planning.md');
    expect(actions.prompt).toBe(
      `Read ${BASE}/insights/cloud-migration-wave-planning and answer my questions about it.`,
    );
    expect(actions.assistants.map(({ name, label }) => [name, label])).toEqual([
      ['ChatGPT', 'Open in ChatGPT'],
      ['Claude', 'Open in Claude'],
      ['Perplexity', 'Open in Perplexity'],
    ]);
    const [chatgpt, claude, perplexity] = actions.assistants.map((assistant) => new URL(assistant.href));
    expect(chatgpt!.origin + chatgpt!.pathname).toBe('https://chatgpt.com/');
    expect(claude!.origin + claude!.pathname).toBe('https://claude.ai/new');
    expect(perplexity!.origin + perplexity!.pathname).toBe('https://www.perplexity.ai/search');
    for (const assistant of actions.assistants) expect(questionOf(assistant.href)).toBe(actions.prompt);
  });

  test("a Dutch and a Portuguese page: the question and the labels in the page's language, with its own URL", () => {
    const nl = pageOf(model, '/nl/insights/cloud-migration-wave-planning');
    const dutch = pageActionsFor(nl.model, nl.page)!;
    expect(dutch.markdownPath).toBe('/nl/insights/cloud-migration-wave-planning.md');
    expect(dutch.prompt).toBe(
      `Lees ${BASE}/nl/insights/cloud-migration-wave-planning en beantwoord mijn vragen erover.`,
    );
    expect(dutch.assistants.map((assistant) => assistant.label)).toEqual([
      'Openen in ChatGPT',
      'Openen in Claude',
      'Openen in Perplexity',
    ]);
    const pt = pageOf(model, '/pt/services/cloud-migration');
    const portuguese = pageActionsFor(pt.model, pt.page)!;
    expect(portuguese.prompt).toBe(
      `Leia ${BASE}/pt/services/cloud-migration e responda às minhas perguntas sobre esta página.`,
    );
    expect(portuguese.assistants[1]!.label).toBe('Abrir em Claude');
    for (const assistant of [...dutch.assistants, ...portuguese.assistants])
      expect([dutch.prompt, portuguese.prompt]).toContain(questionOf(assistant.href));
  });

  test('every page but the contact pages has the menu, in every language: home, listings, filters, entries, company pages', () => {
    const kinds = new Set<string>();
    for (const language of model.languages.models.values()) {
      for (const page of language.sitePages) {
        const actions = pageActionsFor(language, page);
        if (page.path === language.routes.contact) {
          expect(actions, page.path).toBeUndefined();
          expect(hasPageActions(language, page)).toBe(false);
          continue;
        }
        expect(actions?.markdownPath, page.path).toBe(page.markdownPath);
        expect(questionOf(actions!.assistants[0]!.href), page.path).toContain(page.url);
        kinds.add(page.facet ? 'filter' : page.kind);
      }
    }
    expect([...kinds].sort()).toEqual([
      'case-study',
      'filter',
      'home',
      'insight',
      'listing',
      'page',
      'person',
      'service',
    ]);
    expect(pageActionsFor(model, pageOf(model, '/').page)!.markdownPath).toBe('/index.md');
    expect(pageActionsFor(model, pageOf(model, '/about').page)).toBeDefined();
  });

  test('the assistants come from company.yaml: another list, or none (the menu keeps the Markdown)', () => {
    const { model: en, page } = pageOf(model, '/services/cloud-migration');
    const own = [{ name: 'Le Chat', url: 'https://chat.mistral.ai/chat?q={prompt}' }];
    const actions = pageActionsFor(en, page, own)!;
    expect(actions.assistants).toEqual([
      {
        name: 'Le Chat',
        label: 'Open in Le Chat',
        href: `https://chat.mistral.ai/chat?q=${encodeURIComponent(actions.prompt)}`,
      },
    ]);
    expect(pageActionsFor(en, page, [])).toEqual({
      markdownPath: page.markdownPath,
      prompt: actions.prompt,
      assistants: [],
    });
  });

  test('a page whose address has characters outside ASCII: the question holds the address as sent, and reads back exactly', () => {
    const japanese = buildSiteModel(loadSources(path.resolve(import.meta.dirname, '../fixtures/japanese-company')));
    const page = japanese.sitePages.find((candidate) => /%E7%89%A9%E6%B5%81/.test(candidate.path))!;
    expect(page.url).toMatch(/\/case-studies\/industry\/%E7%89%A9%E6%B5%81$/);
    const actions = pageActionsFor(japanese, page)!;
    expect(actions.prompt).toBe(`${page.url} を読んで、この内容についての質問に答えてください。`);
    expect(actions.assistants[0]!.label).toBe('ChatGPTで開く');
    for (const assistant of actions.assistants) expect(questionOf(assistant.href)).toBe(actions.prompt);
  });
});

describe("company.yaml's assistants", () => {
  const yaml = (assistants: string) =>
    'name: Acme Works\n' +
    'tagline: We build software that keeps factories running.\n' +
    'description: Acme Works is a small consultancy of engineers who build and run software.\n' +
    'contactEmail: hello@acme.example\n' +
    'baseUrl: https://www.acme.example\n' +
    `agentUrl: https://agents.acme.example\n${assistants}`;
  const one = (url: string, name = 'Claude') => `assistants:\n  - name: ${name}\n    url: '${url}'\n`;

  test('without the field: ChatGPT, Claude and Perplexity; an empty list is allowed', () => {
    expect(parseCompany(yaml('')).assistants).toEqual(DEFAULT_ASSISTANTS);
    expect(parseCompany(yaml('assistants: []\n')).assistants).toEqual([]);
    expect(parseCompany(yaml(one('https://claude.ai/new?q={prompt}'))).assistants).toEqual([
      { name: 'Claude', url: 'https://claude.ai/new?q={prompt}' },
    ]);
  });

  test.each([
    [
      'https://claude.ai/new',
      /assistants\.0\.url: `url` must contain \{prompt\} where the question about the page goes, e\.g\. `url: https:\/\/claude\.ai\/new\?q=\{prompt\}`/,
    ],
    [
      'https://claude.ai/new?q={prompt}&again={prompt}',
      /assistants\.0\.url: `url` contains \{prompt\} 2 times: write it once/,
    ],
    [
      'https://claude.ai/new?q={query}',
      /assistants\.0\.url: `url` uses \{query\}, which is not a placeholder: the only one is \{prompt\}/,
    ],
    ['http://claude.ai/new?q={prompt}', /assistants\.0\.url: `url` must start with https:\/\//],
    ['claude.ai/new?q={prompt}', /assistants\.0\.url: `url` must be a full address starting with https:\/\//],
    ['https://claude.ai/new?q= {prompt}', /assistants\.0\.url: `url` must not contain spaces/],
  ])('refuses the url %s, saying what to write', (url, message) => {
    expect(() => parseCompany(yaml(one(url)))).toThrow(message);
  });

  test('refuses a missing name or url, a name listed twice, too many assistants and a list that is not one', () => {
    expect(() => parseCompany(yaml('assistants:\n  - url: https://claude.ai/new?q={prompt}\n'))).toThrow(
      /assistants\.0\.name: each assistant needs a `name`, e\.g\. `- name: Claude`/,
    );
    expect(() => parseCompany(yaml('assistants:\n  - name: Claude\n'))).toThrow(
      /assistants\.0\.url: each assistant needs a `url` with \{prompt\} where the question goes/,
    );
    const twice = `${one('https://claude.ai/new?q={prompt}')}  - name: claude\n    url: https://claude.ai/new?q={prompt}\n`;
    expect(() => parseCompany(yaml(twice))).toThrow(
      /assistants\.1\.name: the assistant "claude" is listed twice \(also as number 1\): list each assistant once/,
    );
    const many = `assistants:\n${Array.from({ length: MAX_ASSISTANTS + 1 }, (_, index) => `  - name: A${index}\n    url: https://a${index}.example/?q={prompt}\n`).join('')}`;
    expect(() => parseCompany(yaml(many))).toThrow(
      /assistants: `assistants` lists more than 8: keep the ones your readers use/,
    );
    expect(() => parseCompany(yaml('assistants: ChatGPT\n'))).toThrow(
      /assistants: `assistants` must be a list of assistants, each with `name` and `url`/,
    );
  });
});

describe("strings.yaml's actions", () => {
  const english = model.strings;
  const withPrompt = (prompt: string) =>
    stringsSchema.safeParse({ ...english, actions: { ...english.actions, prompt } });

  test('the question must name the page ({url}) and may name its title; no other placeholder', () => {
    expect(withPrompt('Summarise {title} ({url}) for me.').success).toBe(true);
    const missing = withPrompt('Answer my questions about {title}.');
    expect(missing.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'actions.prompt: must contain {url}, the page the assistant is asked to read, e.g. "Read {url} and answer my questions about it."',
    ]);
    const unknown = withPrompt('Read {link}.');
    expect(unknown.error?.issues.map((issue) => issue.message)).toContain(
      'uses a {placeholder} this text does not have: it may use {url}, {title}',
    );
  });
});
