import { describe, expect, test } from 'vitest';
import {
  checkDiscovery,
  contentSignalProblem,
  frontmatter,
  llmsTxtProblem,
  sha256,
} from '../../scripts/audit/checks/discovery.ts';
import { missingRelations, missingSecurityHeaders, parseLinks } from '../../scripts/audit/checks/headers.ts';
import { rateLimitProblem } from '../../scripts/audit/checks/http-surface.ts';
import { markdownProblem, samplePerSection } from '../../scripts/audit/checks/pages.ts';
import { checkErrors } from '../../scripts/audit/checks/protocol.ts';
import { invalidArguments, validArguments } from '../../scripts/audit/checks/tools.ts';
import { checkAgentHost } from '../../scripts/audit/checks/agent-host.ts';
import { sitemapPaths } from '../../scripts/audit/site.ts';
import type { HttpResponse, RequestOptions } from '../../scripts/audit/http.ts';
import { cannedAudit, json, response, type Route } from './support.ts';

const LINK =
  '</openapi.json>; rel="describedby"; type="application/openapi+json", </.well-known/api-catalog>; rel="api-catalog", </privacy>; rel="privacy-policy"';

describe('headers', () => {
  test('parseLinks reads targets and parameters; missingRelations names what is absent', () => {
    expect(parseLinks(LINK).map((link) => [link.href, link.params.rel])).toEqual([
      ['/openapi.json', 'describedby'],
      ['/.well-known/api-catalog', 'api-catalog'],
      ['/privacy', 'privacy-policy'],
    ]);
    expect(missingRelations(response(200, { link: LINK }))).toEqual([]);
    expect(missingRelations(response(200, { link: '</privacy>; rel="privacy-policy"' }))).toEqual([
      'describedby',
      'api-catalog',
    ]);
    expect(missingRelations(response(200))).toEqual(['describedby', 'api-catalog', 'privacy-policy']);
  });

  test('security headers: the common set on every response, the HTML set on pages; CSP frame-ancestors counts as framing denied', () => {
    const common = {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    };
    expect(missingSecurityHeaders(response(200, common), false)).toEqual([]);
    expect(missingSecurityHeaders(response(200, common), true)).toEqual([
      'Content-Security-Policy (with default-src or script-src)',
      'Permissions-Policy',
      'Cross-Origin-Opener-Policy',
    ]);
    const page = {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
      'permissions-policy': 'camera=()',
      'cross-origin-opener-policy': 'same-origin',
    };
    expect(missingSecurityHeaders(response(200, page), true)).toEqual([]);
    expect(missingSecurityHeaders(response(200, { ...common, 'x-frame-options': 'SAMEORIGIN' }), false)).toEqual([
      "X-Frame-Options: DENY or CSP frame-ancestors 'none'",
    ]);
  });
});

test('rateLimitProblem holds the contract: 120;w=60 and integer Limit, Remaining, Reset', () => {
  const good = {
    'ratelimit-policy': '120;w=60',
    'ratelimit-limit': '120',
    'ratelimit-remaining': '99',
    'ratelimit-reset': '42',
  };
  expect(rateLimitProblem(response(200, good))).toBeUndefined();
  expect(rateLimitProblem(response(200, { ...good, 'ratelimit-policy': '"default";q=120;w=60' }))).toMatch(
    /is not "<limit>;w=<seconds>"/,
  );
  expect(rateLimitProblem(response(200, { ...good, 'ratelimit-policy': '60;w=60', 'ratelimit-limit': '60' }))).toMatch(
    /not the contract's 120;w=60/,
  );
  expect(rateLimitProblem(response(200, { ...good, 'ratelimit-remaining': '121' }))).toMatch(/Remaining/);
  expect(rateLimitProblem(response(200, { ...good, 'ratelimit-reset': 'soon' }))).toMatch(/Reset/);
});

describe('files', () => {
  test('robots.txt needs a Content-Signal line inside a User-agent group', () => {
    expect(
      contentSignalProblem('User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n'),
    ).toBeUndefined();
    expect(contentSignalProblem('User-agent: *\nAllow: /\n')).toBe('no Content-Signal line');
    expect(contentSignalProblem('Content-Signal: search=yes\nUser-agent: *\n')).toMatch(
      /not inside a User-agent group/,
    );
    expect(contentSignalProblem('User-agent: *\nContent-Signal: search=maybe\n')).toMatch(/not a list of name=yes\|no/);
  });

  test('llms.txt: H1, summary, sections, a when-to-use section, links', () => {
    const good =
      '# Acme\n\n> Acme builds things.\n\n## When to use the MCP server\n\n- [MCP](https://acme.test/mcp.md): docs\n';
    expect(llmsTxtProblem(good)).toBeUndefined();
    expect(llmsTxtProblem(good.replace('# Acme', 'Acme'))).toMatch(/H1/);
    expect(llmsTxtProblem(good.replace('## When to use the MCP server', '## Docs'))).toMatch(
      /no when-to-use section \(sections: Docs\)/,
    );
    expect(llmsTxtProblem(good.replace('> Acme', 'Acme'))).toMatch(/summary/);
  });

  test('SKILL.md frontmatter', () => {
    expect(frontmatter('---\nname: acme-site\ndescription: "Use it."\n---\n# Skill\n')).toEqual({
      name: 'acme-site',
      description: 'Use it.',
    });
    expect(frontmatter('# No frontmatter\n')).toBeUndefined();
  });

  test('markdownProblem: type, body, Vary', () => {
    const headers = { 'content-type': 'text/markdown; charset=utf-8', vary: 'Accept' };
    expect(markdownProblem(response(200, headers, '# Home\n'))).toBeUndefined();
    expect(markdownProblem(response(200, { ...headers, 'content-type': 'text/html' }, '<!doctype html>'))).toMatch(
      /Content-Type text\/html/,
    );
    expect(markdownProblem(response(200, headers, '<!DOCTYPE html><html>'))).toBe(
      'an HTML body labelled text/markdown',
    );
    expect(markdownProblem(response(200, { 'content-type': 'text/markdown' }, '# Home'))).toMatch(/without Accept/);
    expect(markdownProblem(response(404, headers, 'gone'))).toMatch(/HTTP 404/);
  });

  test('one page per section for the browser check', () => {
    expect(samplePerSection(['/', '/services', '/services/a', '/insights/b', '/insights/c', '/about'])).toEqual([
      '/',
      '/services',
      '/insights/b',
      '/about',
    ]);
  });
});

describe("tool arguments from the deployment's schemas", () => {
  const facts = { pagePath: '/services/a', word: 'Acme' };
  test('valid: required arguments from the site, enums from the schema, a small limit', () => {
    expect(
      validArguments(
        { name: 'get_page_markdown', inputSchema: { properties: { path: { type: 'string' } }, required: ['path'] } },
        facts,
      ),
    ).toEqual({ path: '/services/a' });
    expect(
      validArguments(
        {
          name: 'search_site',
          inputSchema: {
            properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 20 } },
            required: ['query'],
          },
        },
        facts,
      ),
    ).toEqual({ query: 'Acme', limit: 2 });
    expect(
      validArguments(
        { name: 'x', inputSchema: { properties: { kind: { enum: ['a', 'b'] } }, required: ['kind'] } },
        facts,
      ),
    ).toEqual({ kind: 'a' });
  });
  test('invalid: nothing when something is required, else a value outside the enum or of the wrong type', () => {
    expect(
      invalidArguments({ name: 'x', inputSchema: { properties: { path: { type: 'string' } }, required: ['path'] } }),
    ).toEqual({});
    expect(
      invalidArguments({
        name: 'x',
        inputSchema: { properties: { format: { type: 'string', enum: ['short', 'full'] } } },
      }),
    ).toEqual({ format: 'not-a-valid-value-from-the-audit' });
    expect(invalidArguments({ name: 'x', inputSchema: { properties: { limit: { type: 'integer' } } } })).toEqual({
      limit: 'not-a-number',
    });
    expect(invalidArguments({ name: 'x', inputSchema: { properties: {} } })).toBeUndefined();
  });
});

describe('checks against canned deployments', () => {
  const skill = '---\nname: acme-site\ndescription: Use Acme.\n---\n# Acme\n';
  const index = (digest: string) =>
    json(200, {
      $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
      skills: [
        {
          name: 'acme-site',
          type: 'skill-md',
          description: 'Use Acme.',
          url: 'https://www.acme.test/.well-known/agent-skills/acme-site/SKILL.md',
          digest,
        },
      ],
    });
  const sitemap = response(
    200,
    { 'content-type': 'application/xml' },
    '<urlset><url><loc>https://www.acme.test/</loc></url></urlset>',
  );

  test('a skill digest is recomputed from the bytes served; the URL on the public host is fetched from the audited one', async () => {
    const good = cannedAudit({
      '/sitemap.xml': sitemap,
      '/.well-known/agent-skills/index.json': index(`sha256:${sha256(Buffer.from(skill))}`),
      '/.well-known/agent-skills/acme-site/SKILL.md': response(200, { 'content-type': 'text/markdown' }, skill),
    });
    await checkDiscovery(good.audit, () => {});
    expect(good.outcome('discovery.agent-skills.index')).toBe('pass');
    expect(good.outcome('discovery.agent-skills.digest.acme-site')).toBe('pass');
    expect(good.outcome('discovery.agent-skills.frontmatter.acme-site')).toBe('pass');
    expect(good.sent).toContain('GET /.well-known/agent-skills/acme-site/SKILL.md');

    const bad = cannedAudit({
      '/sitemap.xml': sitemap,
      '/.well-known/agent-skills/index.json': index(`sha256:${'0'.repeat(64)}`),
      '/.well-known/agent-skills/acme-site/SKILL.md': response(200, { 'content-type': 'text/markdown' }, skill),
    });
    await checkDiscovery(bad.audit, () => {});
    const finding = bad.audit.findings.find((item) => item.id === 'discovery.agent-skills.digest.acme-site');
    expect(finding).toMatchObject({
      outcome: 'fail',
      expected: `HTTP 200 and sha256:${'0'.repeat(64)}`,
      got: `sha256:${sha256(Buffer.from(skill))} (of ${skill.length} bytes)`,
    });
    // Missing files fail with what to publish.
    expect(bad.audit.findings.find((item) => item.id === 'discovery.openapi.fetch')).toMatchObject({
      outcome: 'fail',
      fix: 'Publish /openapi.json (contract, "Discovery files").',
    });
  });

  test('errors: an endpoint that answers no JSON-RPC gets one finding naming it; GET and 404 are still checked', async () => {
    const { audit, outcome } = cannedAudit({
      'POST /api/mcp': response(404, { 'content-type': 'text/html' }, '<h1>Not found</h1>'),
      'GET /api/mcp': json(
        405,
        { error: { code: 'method_not_allowed', message: 'Use POST.' } },
        { allow: 'POST, OPTIONS' },
      ),
      '/api/no-such-endpoint-from-the-audit': json(404, {
        error: {
          code: 'not_found',
          message: 'No such endpoint.',
          hint: 'Use /api/mcp.',
          docs: 'https://acme.test/mcp.md',
        },
      }),
    });
    await checkErrors(audit);
    expect(outcome('errors.get-mcp')).toBe('pass');
    expect(outcome('errors.api-404')).toBe('pass');
    const endpoint = audit.findings.find((item) => item.id === 'errors.mcp-endpoint');
    expect(endpoint).toMatchObject({
      outcome: 'fail',
      expected: 'a JSON-RPC response from POST http://site.test/api/mcp (Content-Type: application/json)',
    });
    expect(outcome('errors.parse-error')).toBeUndefined();
  });

  test('errors: each JSON-RPC error of the contract with its code and status', async () => {
    const { audit, outcome } = cannedAudit({
      'POST /api/mcp': (request) => {
        const text = request.body ?? '';
        let message: { id?: unknown; method?: unknown; params?: { name?: unknown } };
        try {
          message = JSON.parse(text) as typeof message;
        } catch {
          return json(400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
        }
        if (typeof message.method !== 'string')
          return json(400, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } });
        if (message.method === 'initialize') return json(200, { jsonrpc: '2.0', id: message.id, result: {} });
        if (message.method === 'tools/call' && message.params?.name === 'get_page_markdown')
          return json(200, {
            jsonrpc: '2.0',
            id: message.id,
            result: { isError: true, content: [{ type: 'text', text: 'No page there; try search_site.' }] },
          });
        // Wrong on purpose: an unknown tool answered as a tool error instead of -32602.
        if (message.method === 'tools/call')
          return json(200, {
            jsonrpc: '2.0',
            id: message.id,
            result: { isError: true, content: [{ type: 'text', text: 'Unknown tool' }] },
          });
        return json(200, { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
      },
    });
    await checkErrors(audit);
    expect(outcome('errors.parse-error')).toBe('pass');
    expect(outcome('errors.invalid-request')).toBe('pass');
    expect(outcome('errors.method-not-found')).toBe('pass');
    expect(outcome('errors.tool-fails')).toBe('pass');
    expect(audit.findings.find((item) => item.id === 'errors.unknown-tool')).toMatchObject({
      outcome: 'fail',
      fix: expect.stringMatching(/-32602/),
    });
  });
});

describe('the card beside the endpoint and the MCP catalog', () => {
  const CARD = 'application/mcp-server-card+json';
  const URN = 'urn:air:site.test:mcp:site';
  const card = {
    name: 'test.site/site',
    version: '1.0.0',
    remotes: [{ type: 'streamable-http', url: 'http://site.test/api/mcp' }],
  };
  const cardAt = (value: unknown, etag?: string) => (request: RequestOptions) => {
    if (etag && request.headers?.['if-none-match'] === etag) return response(304, { etag });
    return response(200, { 'content-type': CARD, ...(etag ? { etag } : {}) }, JSON.stringify(value));
  };
  const entry = {
    identifier: URN,
    displayName: 'Site MCP server',
    type: CARD,
    url: 'http://site.test/api/mcp/server-card',
  };
  const deployment = (over: Record<string, Route | HttpResponse> = {}) => ({
    '/.well-known/mcp/server-card.json': cardAt(card),
    '/api/mcp/server-card': cardAt(card, '"abc"'),
    '/.well-known/mcp/catalog.json': json(200, { specVersion: 'draft', entries: [entry] }),
    '/.well-known/ard.json': json(200, { specVersion: '1.0', entries: [entry] }),
    '/.well-known/ai-catalog.json': json(200, { specVersion: '1.0', host: {}, entries: [entry] }),
    ...over,
  });
  const IDS = [
    'discovery.server-card.type',
    'discovery.server-card-beside.fetch',
    'discovery.server-card-beside.same',
    'discovery.server-card-beside.revalidate',
    'discovery.mcp-catalog.shape',
    'discovery.mcp-catalog.cards',
    'discovery.mcp-catalog.consistent',
  ];
  const outcomes = async (routes: Record<string, Route | HttpResponse>) => {
    const { audit, outcome, sent } = cannedAudit(routes);
    await checkDiscovery(audit, () => {});
    return { byId: Object.fromEntries(IDS.map((id) => [id, outcome(id)])), audit, sent };
  };

  test('a deployment that serves one card at both places, revalidated, and a catalog pointing at it passes', async () => {
    const { byId, sent } = await outcomes(deployment());
    expect(byId).toEqual(Object.fromEntries(IDS.map((id) => [id, 'pass'])));
    expect(sent).toContain('GET /api/mcp/server-card');
  });

  test('the seed: no card beside the endpoint (404) fails the card and the catalog that points there', async () => {
    const { byId, audit } = await outcomes(
      deployment({ '/api/mcp/server-card': json(404, { error: { code: 'not_found' } }) }),
    );
    expect(byId['discovery.server-card-beside.fetch']).toBe('fail');
    expect(byId['discovery.mcp-catalog.cards']).toBe('fail');
    expect(audit.findings.find((finding) => finding.id === 'discovery.mcp-catalog.cards')?.got).toMatch(
      /\/api\/mcp\/server-card: HTTP 404/,
    );
  });

  test('a second copy that drifted, a card without ETag, a well-known card not served as a card: each fails', async () => {
    const drifted = await outcomes(
      deployment({ '/api/mcp/server-card': cardAt({ ...card, version: '0.9.0' }, '"x"') }),
    );
    expect(drifted.byId['discovery.server-card-beside.same']).toBe('fail');
    expect(drifted.byId['discovery.server-card-beside.revalidate']).toBe('pass');
    const untagged = await outcomes(deployment({ '/api/mcp/server-card': cardAt(card) }));
    expect(untagged.byId['discovery.server-card-beside.revalidate']).toBe('fail');
    const plain = await outcomes(deployment({ '/.well-known/mcp/server-card.json': json(200, card) }));
    expect(plain.byId['discovery.server-card.type']).toBe('fail');
    expect(plain.byId['discovery.server-card-beside.same']).toBe('pass');
  });

  test("a catalog entry without the card's type, or naming another card than the other catalogs, fails", async () => {
    const untyped = { ...entry, type: 'application/json' };
    const shape = await outcomes(
      deployment({ '/.well-known/mcp/catalog.json': json(200, { specVersion: 'draft', entries: [untyped] }) }),
    );
    expect(shape.byId['discovery.mcp-catalog.shape']).toBe('fail');
    // The earlier drafts' `mediaType` counts as the type.
    const { type: _type, ...older } = { ...entry, mediaType: CARD };
    const earlier = await outcomes(
      deployment({ '/.well-known/mcp/catalog.json': json(200, { specVersion: 'draft', entries: [older] }) }),
    );
    expect(earlier.byId['discovery.mcp-catalog.shape']).toBe('pass');
    const elsewhere = { ...entry, url: 'http://site.test/.well-known/mcp/server-card.json' };
    const split = await outcomes(
      deployment({ '/.well-known/ard.json': json(200, { specVersion: '1.0', entries: [elsewhere] }) }),
    );
    expect(split.byId['discovery.mcp-catalog.consistent']).toBe('fail');
    expect(split.audit.findings.find((finding) => finding.id === 'discovery.mcp-catalog.consistent')?.got).toBe(
      `the ARD manifest gives ${URN} the url http://site.test/.well-known/mcp/server-card.json`,
    );
    const renamed = await outcomes(
      deployment({
        '/.well-known/mcp/catalog.json': json(200, {
          specVersion: 'draft',
          entries: [{ ...entry, identifier: 'urn:air:site.test:mcp:other' }],
        }),
      }),
    );
    expect(renamed.byId['discovery.mcp-catalog.cards']).toBe('fail');
  });
});

test('a sitemap index: the pages come from the sitemaps it lists', async () => {
  const { audit } = cannedAudit({
    '/sitemap.xml': response(
      200,
      { 'content-type': 'application/xml' },
      '<sitemapindex><sitemap><loc>https://www.acme.test/sitemap-0.xml</loc></sitemap></sitemapindex>',
    ),
    '/sitemap-0.xml': response(
      200,
      { 'content-type': 'application/xml' },
      '<urlset><url><loc>https://www.acme.test/</loc></url><url><loc>https://www.acme.test/about?x=1&amp;y=2</loc></url></urlset>',
    ),
  });
  expect(await sitemapPaths(audit)).toEqual(['/', '/about?x=1&y=2']);
});

test('agent host: a host serving another build is reported; without --agent-url the card names the hosts', async () => {
  const llms = (host: string) =>
    response(200, { 'content-type': 'text/plain' }, host === 'agents.site.test' ? '# Old build\n' : '# New build\n');
  const mcp = (request: { body?: string }) => {
    const message = JSON.parse(request.body ?? '{}') as { id: number; method: string };
    return message.method === 'initialize'
      ? json(200, { jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2025-11-25' } })
      : json(200, { jsonrpc: '2.0', id: message.id, result: { tools: [{ name: 'search_site' }] } });
  };
  const routes = {
    '/api/health': json(200, { status: 'ok' }),
    'POST /api/mcp': mcp,
    '/llms.txt': (_request: unknown, url: URL) => llms(url.host),
    '/': response(200, { 'content-type': 'text/markdown' }, '# Home'),
    '/.well-known/mcp/server-card.json': json(200, {
      remotes: [{ url: 'https://www.site.test/api/mcp' }, { url: 'https://agents.site.test/api/mcp' }],
    }),
  };
  const withAgent = cannedAudit(routes, { agent: new URL('http://agents.site.test/') });
  await checkAgentHost(withAgent.audit);
  expect(withAgent.audit.findings.map((finding) => [finding.id, finding.outcome])).toEqual([
    ['agent-host.health', 'pass'],
    ['agent-host.initialize', 'pass'],
    ['agent-host.tools', 'pass'],
    ['agent-host.files', 'fail'],
    ['agent-host.markdown', 'pass'],
  ]);
  const without = cannedAudit(routes);
  await checkAgentHost(without.audit);
  expect(without.audit.findings).toMatchObject([
    {
      outcome: 'skip',
      fix: 'no --agent-url given (the server card names https://www.site.test and https://agents.site.test)',
    },
  ]);
});
