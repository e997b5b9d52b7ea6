/**
 * Every discovery file as served: status, media type, parsed and checked against its format,
 * every URL it names reachable, digests recomputed from the served bytes.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { DRAFT_WORDS, expectCommonHeaders, get, local, markdownPathOf, sitemapPaths } from './http.ts';
import { TOOL_NAMES } from '../../src/mcp/tools/index.ts';
import { DISCOVERY_FILES } from '../../src/discovery/discovery-files.ts';
import { ROUTES } from '../../src/site/routes.ts';

async function json(path: string, type: RegExp) {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type'), path).toMatch(type);
  expectCommonHeaders(response, path);
  const text = await response.text();
  expect(text, path).not.toMatch(DRAFT_WORDS);
  return JSON.parse(text);
}

async function text(path: string, type: RegExp) {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type'), path).toMatch(type);
  expectCommonHeaders(response, path);
  const body = await response.text();
  expect(body, path).not.toMatch(DRAFT_WORDS);
  return body;
}

describe('discovery files', () => {
  test('llms.txt follows llmstxt.org and links every published page', async () => {
    const body = await text('/llms.txt', /^text\/plain/);
    expect(body).toMatch(/^# \S.*\n\n> \S/);
    expect(body).toMatch(/^## .*MCP/m);
    expect(body).toMatch(/start_conversation/);
    const links = [...body.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map((match) => match[1]!);
    // Other languages' pages are in their own llms.txt (tests/integration/languages.test.ts).
    const { languages = [] } = (await (await get('/.well-known/mcp/server-card.json')).json()) as {
      languages?: string[];
    };
    const otherLanguage = new RegExp(`^/(${languages.slice(1).join('|') || '(?!)'})(/|$)`);
    for (const pagePath of await sitemapPaths()) {
      if (/\/(industry|tag)\//.test(pagePath)) continue; // filter pages are reachable from their listings
      if (otherLanguage.test(pagePath)) continue;
      expect(
        links.map((link) => new URL(link).pathname),
        pagePath,
      ).toContain(markdownPathOf(pagePath));
    }
    for (const link of links) expect((await get(link)).status, link).toBe(200);
  });

  test('llms-full.txt holds every entry page in full', async () => {
    const body = await text('/llms-full.txt', /^text\/plain/);
    for (const pagePath of await sitemapPaths()) {
      if (!/^\/(services|case-studies|insights)\/[^/]+$|^\/(about|contact|privacy)$/.test(pagePath)) continue;
      const markdown = await (await get(markdownPathOf(pagePath))).text();
      expect(body, pagePath).toContain(markdown.trim());
    }
  });

  test('openapi.json is a valid OpenAPI 3.1 document of the HTTP surface', async () => {
    const document = await json('/openapi.json', /^application\/(openapi\+)?json/);
    const result = await new Validator().validate(document);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.version).toBe('1.0.0');
    expect(Object.keys(document.paths['/api/mcp'])).toEqual(expect.arrayContaining(['post', 'get', 'options']));
    expect(document.paths['/api/health'].get).toBeDefined();
    expect(Object.keys(document.paths['/api/contact']).sort()).toEqual(['options', 'post']);
  });

  test('the server card carries both the current and the older shape', async () => {
    const card = await json('/.well-known/mcp/server-card.json', /^application\/(mcp-server-card\+)?json/);
    expect(card.name).toMatch(/^[a-z0-9.-]+\/[a-z0-9._-]+$/i);
    expect(card.version).toBeTruthy();
    expect(card.remotes[0]).toMatchObject({ type: 'streamable-http' });
    expect(new URL(card.remotes[0].url).pathname).toBe('/api/mcp');
    expect(card.remotes[0].supportedProtocolVersions).toContain('2025-11-25');
    expect(card.serverInfo.name).toBeTruthy();
    expect(card.transport.type).toMatch(/streamable-http/);
    expect(new URL(card.transport.endpoint, 'https://x.example').pathname).toBe('/api/mcp');
  });

  test('the API catalog is an RFC 9727 linkset, for GET and HEAD', async () => {
    const type = /^application\/linkset\+json; ?profile="https:\/\/www\.rfc-editor\.org\/info\/rfc9727"/;
    const catalog = await json('/.well-known/api-catalog', type);
    expect(Array.isArray(catalog.linkset)).toBe(true);
    const entry = catalog.linkset[0];
    expect(new URL(entry.anchor).pathname).toBe('/api/mcp');
    for (const rel of ['service-desc', 'service-doc', 'status']) {
      expect(entry[rel]?.[0]?.href, rel).toBeTruthy();
      const target = await get(entry[rel][0].href);
      expect(target.status, `${rel} ${entry[rel][0].href}`).toBe(200);
    }
    const head = await get('/.well-known/api-catalog', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(type);
  });

  test('the agent-skills index digests match the served SKILL.md bytes', async () => {
    const index = await json('/.well-known/agent-skills/index.json', /^application\/json/);
    expect(index.$schema).toBe('https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    expect(index.skills.length).toBeGreaterThan(0);
    for (const skill of index.skills) {
      expect(skill.name).toMatch(/^[a-z0-9-]{1,64}$/);
      expect(skill.type).toBe('skill-md');
      const response = await get(skill.url);
      expect(response.status, skill.url).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(skill.digest).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
      expect(bytes.toString('utf8')).toMatch(
        new RegExp(`^---\\n[\\s\\S]*name: ${skill.name}\\n[\\s\\S]*description: `),
      );
    }
  });

  test('the AI catalog lists every machine-readable file, each reachable', async () => {
    const catalog = await json('/.well-known/ai-catalog.json', /^application\/(ai-catalog\+)?json/);
    expect(catalog.specVersion).toBeTruthy();
    expect(catalog.host.displayName).toBeTruthy();
    const paths = catalog.entries.map((entry: { url: string }) => new URL(entry.url).pathname);
    // The server card at both its addresses: the server, by the card beside the endpoint, and
    // the card at the contract's path.
    for (const expected of [...Object.values(DISCOVERY_FILES).map((file) => file.path), ROUTES.mcpServerCard])
      expect(paths, expected).toContain(expected);
    for (const entry of catalog.entries as { url: string }[]) {
      if (new URL(entry.url).pathname === '/api/mcp') continue; // POST only; checked by the API tests
      expect((await get(entry.url)).status, entry.url).toBe(200);
    }
  });

  test('the MCP catalog names the server as the other catalogs do, by a card that answers', async () => {
    const CARD = 'application/mcp-server-card+json';
    const response = await get('/.well-known/mcp/catalog.json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toBe('ETag');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const catalog = await json('/.well-known/mcp/catalog.json', /^application\/json$/);
    expect(catalog.specVersion).toBe('draft');
    expect(catalog.entries).toHaveLength(1);
    const [entry] = catalog.entries;
    expect(entry).toEqual({
      identifier: 'urn:air:northbeam.example:mcp:site',
      displayName: expect.any(String),
      type: CARD,
      mediaType: CARD,
      url: `https://www.northbeam.example${ROUTES.mcpServerCard}`,
    });
    for (const path of ['/.well-known/ard.json', '/.well-known/ai-catalog.json']) {
      const other = await json(path, /^application\/(ai-catalog\+)?json/);
      const server = other.entries.find(
        (candidate: { identifier: string }) => candidate.identifier === entry.identifier,
      );
      expect(server, path).toMatchObject({ type: CARD, url: entry.url, displayName: entry.displayName });
    }
    const card = await get(entry.url, { headers: { Accept: CARD } });
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe(CARD);
    const wellKnown = await get('/.well-known/mcp/server-card.json');
    expect(await card.text()).toBe(await wellKnown.text());
  });

  test('mcp.md documents every tool, limits and errors', async () => {
    const body = await text('/mcp.md', /^text\/markdown/);
    for (const tool of TOOL_NAMES) {
      expect(body).toContain(tool);
    }
    expect(body).toMatch(/RateLimit-Policy/);
    expect(body).toMatch(/-32601/);
    expect(body).toMatch(/curl /);
  });

  test('robots.txt states Content-Signal from the company facts and names the sitemap', async () => {
    const body = await text('/robots.txt', /^text\/plain/);
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Content-Signal: search=yes, ai-input=yes, ai-train=no$/m);
    expect(body).toMatch(/^Sitemap: https:\/\/www\.northbeam\.example\/sitemap\.xml$/m);
  });

  test('sitemap.xml is a urlset whose every URL is served', async () => {
    const body = await text('/sitemap.xml', /xml/);
    // A multilingual site's sitemap also declares the xhtml namespace of its hreflang links.
    expect(body).toMatch(
      /<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9"( xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml")?>/,
    );
    for (const url of [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!)) {
      expect(url.startsWith('https://www.northbeam.example/')).toBe(true);
      expect((await get(local(url))).status, url).toBe(200);
    }
  });
});
