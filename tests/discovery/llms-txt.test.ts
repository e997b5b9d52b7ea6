import { describe, expect, test } from 'vitest';
import { DISCOVERY_FILES } from '../../src/discovery/discovery-files.ts';
import { llmsTxt } from '../../src/discovery/llms-txt.ts';
import { buildSiteModel } from '../../src/model/model.ts';
import {
  DRAFT_MARK,
  plainText,
  fixtureModel,
  fixtureSources,
  fixtureTools,
  h2Headings,
  linkUrls,
  parseMarkdown,
  realModel,
} from './fixtures.ts';

describe('llmsTxt', () => {
  const model = fixtureModel();
  const text = llmsTxt(model, fixtureTools);
  const tree = parseMarkdown(text);
  const WHEN_TO_USE_HEADING = "When to use this site's MCP server";

  test('opens with the company as H1, the tagline as the blockquote and the description', () => {
    expect(
      text.startsWith(`# ${model.company.name}\n\n> ${model.company.tagline}\n\n${model.company.description}\n`),
    ).toBe(true);
    expect(tree.children[0]).toMatchObject({ type: 'heading', depth: 1 });
    expect(tree.children[1]).toMatchObject({ type: 'blockquote' });
    expect(tree.children.filter((node) => node.type === 'heading' && node.depth === 1)).toHaveLength(1);
  });

  test('has the sections in order, with Optional last', () => {
    expect(h2Headings(text)).toEqual([
      WHEN_TO_USE_HEADING,
      'Services',
      'Case studies',
      'Insights',
      'Company',
      'Machine-readable',
      'Optional',
    ]);
  });

  test('names the MCP endpoint and every tool, and states the consent rule for start_conversation', () => {
    const section = text.slice(text.indexOf(`## ${WHEN_TO_USE_HEADING}`), text.indexOf('## Services'));
    expect(section).toContain('https://www.fieldstone.example/api/mcp');
    expect(section).toMatch(/no API key/i);
    for (const tool of fixtureTools) expect(section).toContain(`\`${tool.name}\``);
    expect(section).toMatch(
      /`start_conversation` contacts Fieldstone Works's team on the user's behalf\. Call it only when the user has explicitly asked .* and has consented/,
    );
    expect(section).toContain('(name, email, company, message)');
  });

  test('links the Markdown sibling of every published page, as absolute URLs on the base host', () => {
    const urls = linkUrls(text);
    for (const page of model.sitePages) expect(urls, page.path).toContain(page.markdownUrl);
    const pageLinks = urls.filter((url) => url.endsWith('.md') && url !== 'https://www.fieldstone.example/mcp.md');
    expect(new Set(pageLinks).size).toBe(model.sitePages.length);
    const others = urls.filter((url) => !url.startsWith('https://www.fieldstone.example/'));
    expect(others).toEqual([
      'mailto:hello@fieldstone.example',
      'https://agents.fieldstone.example/api/mcp',
      'https://www.fieldstone.example',
    ]);
  });

  test('lists entries under their own section with the summary as the note', () => {
    const services = text.slice(text.indexOf('## Services'), text.indexOf('## Case studies'));
    // Markdown-special characters in titles and summaries are escaped, so the link still parses.
    expect(linkUrls(services)).toEqual(['https://www.fieldstone.example/services/data-platforms.md']);
    expect(plainText(parseMarkdown(services).children[1]!)).toBe(
      'Data platforms: We build [data] platforms *people* trust & use.',
    );
    const company = text.slice(text.indexOf('## Company'), text.indexOf('## Machine-readable'));
    expect(linkUrls(company)).toEqual([
      'https://www.fieldstone.example/about.md',
      'https://www.fieldstone.example/privacy.md',
    ]);
  });

  test('links the machine-readable files and puts llms-full.txt and the listings under Optional', () => {
    const machine = text.slice(text.indexOf('## Machine-readable'), text.indexOf('## Optional'));
    for (const key of [
      'mcpDocs',
      'openapi',
      'serverCard',
      'mcpCatalog',
      'apiCatalog',
      'aiCatalog',
      'agentSkills',
    ] as const) {
      expect(linkUrls(machine)).toContain(`https://www.fieldstone.example${DISCOVERY_FILES[key].path}`);
    }
    const optional = text.slice(text.indexOf('## Optional'));
    expect(linkUrls(optional)[0]).toBe('https://www.fieldstone.example/llms-full.txt');
    expect(linkUrls(optional)).toEqual(
      expect.arrayContaining([
        'https://www.fieldstone.example/index.md',
        'https://www.fieldstone.example/services.md',
        'https://www.fieldstone.example/insights/tag/data.md',
      ]),
    );
  });

  test('leaves drafts out', () => {
    expect(text).not.toContain(DRAFT_MARK);
    expect(text).not.toContain('secret-service');
  });

  test('writes bare URLs in tool descriptions as links, not escaped text', () => {
    expect(text).toContain('<https://www.fieldstone.example>');
    expect(text).not.toContain('https\\://');
  });
});

describe('llmsTxt on the real content', () => {
  test('links every published page and no draft', () => {
    const model = realModel();
    const text = llmsTxt(model, fixtureTools);
    const urls = linkUrls(text);
    for (const page of model.sitePages) expect(urls, page.path).toContain(page.markdownUrl);
    expect(text).not.toContain(DRAFT_MARK);
  });
});

describe('llmsTxt: the feeds', () => {
  test("links its language's Atom feeds among the machine-readable files, described as their listings", () => {
    const model = fixtureModel();
    const text = llmsTxt(model, fixtureTools);
    const section = text.slice(text.indexOf('## Machine-readable'), text.indexOf('## Optional'));
    expect(section).toContain(
      `- [Insights · Fieldstone Works (Atom)](https://www.fieldstone.example/insights/feed.xml): ${model.index.pages.get('/insights')!.description}`,
    );
    expect(linkUrls(section)).toContain('https://www.fieldstone.example/case-studies/feed.xml');
  });

  test("each language's llms.txt links that language's feeds only", () => {
    const real = realModel();
    const dutch = llmsTxt(real.languages.models.get('nl')!, fixtureTools);
    const urls = linkUrls(dutch.slice(0, dutch.indexOf('## Optional'))).filter((url) => url.endsWith('/feed.xml'));
    expect(urls).toEqual([
      'https://www.northbeam.example/nl/insights/feed.xml',
      'https://www.northbeam.example/nl/case-studies/feed.xml',
    ]);
  });

  test('a site without insights links no insights feed', () => {
    const sources = fixtureSources();
    const text = llmsTxt(buildSiteModel({ ...sources, insights: [] }), fixtureTools);
    expect(text).not.toContain('/insights/feed.xml');
    expect(text).toContain('/case-studies/feed.xml');
  });
});
