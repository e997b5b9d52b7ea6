import { describe, expect, test } from 'vitest';
import { DISCOVERY_FILES } from '../../src/discovery/discovery-files.ts';
import { staticHeadersFile, staticResponseHeaders } from '../../src/discovery/static-headers.ts';
import { PAGE_CSP, RESOURCE_CSP } from '../../src/http/security-headers.ts';
import { COMMON_HEADERS } from '../../src/http/headers.ts';
import { ICON_FILES, WEB_MANIFEST } from '../../src/site/icons.ts';

/** Parses a `_headers` file into rules, the way Netlify reads it. */
function parseRules(text: string): { path: string; headers: [string, string][] }[] {
  const rules: { path: string; headers: [string, string][] }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (line.startsWith('/')) rules.push({ path: line.trim(), headers: [] });
    else {
      const [, name, value] = /^\s+([^:]+):\s*(.*)$/.exec(line) ?? [];
      expect(name, `header line "${line}"`).toBeTruthy();
      rules.at(-1)!.headers.push([name!, value!]);
    }
  }
  return rules;
}

/** Netlify's matching: `*` matches anything, including slashes; a `:placeholder` one segment. */
function matches(rule: string, path: string): boolean {
  const pattern = rule
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(path);
}

/** Every value each header gets for a path, across all matching rules. */
function headersFor(rules: ReturnType<typeof parseRules>, path: string): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const rule of rules.filter((candidate) => matches(candidate.path, path))) {
    for (const [name, value] of rule.headers)
      result.set(name.toLowerCase(), [...(result.get(name.toLowerCase()) ?? []), value]);
  }
  return result;
}

describe('staticHeadersFile', () => {
  const rules = parseRules(staticHeadersFile());

  test('gives every path the common headers', () => {
    for (const path of ['/', '/services/x', '/llms.txt', '/.well-known/api-catalog']) {
      const headers = headersFor(rules, path);
      for (const [name, value] of Object.entries(COMMON_HEADERS))
        expect(headers.get(name.toLowerCase()), `${path} ${name}`).toEqual([value]);
    }
  });

  test('sets the content type of each discovery file, once', () => {
    const expected: Record<string, string> = {
      '/.well-known/api-catalog': 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
      '/.well-known/mcp/server-card.json': 'application/mcp-server-card+json',
      '/.well-known/mcp/catalog.json': 'application/json',
      '/llms.txt': 'text/plain; charset=utf-8',
      '/llms-full.txt': 'text/plain; charset=utf-8',
      '/mcp.md': 'text/markdown; charset=utf-8',
      '/services/data-platforms.md': 'text/markdown; charset=utf-8',
      '/.well-known/agent-skills/x-site/SKILL.md': 'text/markdown; charset=utf-8',
    };
    for (const [path, type] of Object.entries(expected))
      expect(headersFor(rules, path).get('content-type'), path).toEqual([type]);
    for (const file of Object.values(DISCOVERY_FILES).filter((candidate) => candidate.isStatic)) {
      expect(headersFor(rules, file.path).get('content-type'), file.path).toEqual([file.contentType]);
    }
  });

  test('opens the discovery files to any origin, and leaves function paths alone', () => {
    // With the CORS lines MCP's discovery text asks of a card and a catalog.
    for (const path of ['/.well-known/mcp/server-card.json', '/.well-known/mcp/catalog.json', '/mcp.md']) {
      const headers = headersFor(rules, path);
      expect(headers.get('access-control-allow-origin'), path).toEqual(['*']);
      expect(headers.get('access-control-allow-methods'), path).toEqual(['GET, HEAD']);
      expect(headers.get('access-control-allow-headers'), path).toEqual(['Content-Type, If-None-Match']);
      expect(headers.get('access-control-expose-headers'), path).toEqual(['ETag']);
    }
    expect(headersFor(rules, '/api/mcp').get('content-type')).toBeUndefined();
    expect(headersFor(rules, '/api/mcp').get('access-control-allow-origin')).toBeUndefined();
  });

  test("gives the manifest its media type, once, and the icons their extension's", () => {
    expect(headersFor(rules, WEB_MANIFEST.path).get('content-type')).toEqual(['application/manifest+json']);
    for (const icon of ICON_FILES) expect(headersFor(rules, icon.path).get('content-type'), icon.path).toBeUndefined();
    const manifest = staticResponseHeaders('file', WEB_MANIFEST.path, 'application/octet-stream');
    expect(manifest['Content-Type']).toBe(WEB_MANIFEST.contentType);
    expect(manifest['Content-Security-Policy']).toBe(RESOURCE_CSP);
    expect(manifest['Cache-Control']).toBe('public, max-age=300');
  });

  test("serves every language's Atom feeds as Atom, public and cached as files", () => {
    const feeds = [
      '/insights/feed.xml',
      '/case-studies/feed.xml',
      '/nl/insights/feed.xml',
      '/zh-hans/case-studies/feed.xml',
    ];
    for (const path of feeds) {
      const headers = headersFor(rules, path);
      expect(headers.get('content-type'), path).toEqual(['application/atom+xml; charset=utf-8']);
      expect(headers.get('access-control-allow-origin'), path).toEqual(['*']);
      // What the edge function applies to the file matches what _headers says.
      expect(staticResponseHeaders('file', path, 'application/xml')).toMatchObject({
        'Content-Type': 'application/atom+xml; charset=utf-8',
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': staticResponseHeaders('file', '/sitemap.xml', 'application/xml')['Cache-Control'],
      });
    }
    // One segment of prefix: no other path is a feed.
    for (const path of ['/insights', '/nl/insights', '/a/b/insights/feed.xml', '/insights/feed.xml2']) {
      expect(headersFor(rules, path).get('content-type'), path).not.toEqual(['application/atom+xml; charset=utf-8']);
      expect(staticResponseHeaders('file', path, null)['Content-Type'], path).toBeUndefined();
    }
  });

  test('sets no header twice for any path', () => {
    const paths = [
      ...Object.values(DISCOVERY_FILES).map((file) => file.path),
      ...ICON_FILES.map((icon) => icon.path),
      WEB_MANIFEST.path,
      '/',
      '/about',
      '/about.md',
      '/index.md',
      '/insights/feed.xml',
      '/nl/insights/feed.xml',
    ];
    for (const path of paths) {
      for (const [name, values] of headersFor(rules, path)) expect(values, `${path} ${name}`).toHaveLength(1);
    }
  });
});

describe('staticResponseHeaders', () => {
  test('a page: the page policy and page lifetimes; its Markdown variant: the resource policy, cached as the page', () => {
    const page = staticResponseHeaders('page', '/about', 'text/html; charset=utf-8');
    expect(page['Content-Security-Policy']).toBe(PAGE_CSP);
    expect(page['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    expect(page['Netlify-CDN-Cache-Control']).toMatch(/max-age=31536000/);
    const variant = staticResponseHeaders('page-markdown', '/about', null);
    expect(variant['Content-Security-Policy']).toBe(RESOURCE_CSP);
    expect(variant['Content-Type']).toBe('text/markdown; charset=utf-8');
    expect(variant['Cache-Control']).toBe(page['Cache-Control']);
  });

  test('a path without an extension that is not HTML is a file, with its rules', () => {
    const catalog = staticResponseHeaders('page', '/.well-known/api-catalog', 'application/octet-stream');
    expect(catalog['Content-Security-Policy']).toBe(RESOURCE_CSP);
    expect(catalog['Access-Control-Allow-Origin']).toBe('*');
    expect(catalog['Cross-Origin-Resource-Policy']).toBe('cross-origin');
    expect(catalog['Content-Type']).toMatch(/^application\/linkset\+json/);
  });

  test('assets are immutable; errors are stored by no cache', () => {
    expect(staticResponseHeaders('file', '/_astro/x.css', 'text/css')['Cache-Control']).toMatch(/immutable/);
    const error = staticResponseHeaders('error', '/x.md', 'text/html');
    expect(error['Cache-Control']).toBe('no-store');
    expect(error['Netlify-CDN-Cache-Control']).toBe('no-store');
    expect(error['Content-Security-Policy']).toBe(PAGE_CSP);
  });
});
