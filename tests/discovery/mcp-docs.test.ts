import { readFileSync } from 'node:fs';
import { COMPLETION_MAX } from '../../src/mcp/resources.ts';
import { RESOURCE_PAGE_SIZE } from '../../src/site/bounds.ts';
import { describe, expect, test } from 'vitest';
import { mcpDocsMarkdown } from '../../src/discovery/mcp-docs.ts';
import { EDGE_FIREWALL } from '../../src/discovery/edge-firewall.ts';
import { MARKDOWN_CONTENT_TYPE } from '../../src/http/headers.ts';
import { MAX_BODY_BYTES, RATE_LIMIT, RATE_LIMIT_POLICY } from '../../src/http/limits.ts';
import { ROUTES } from '../../src/site/routes.ts';
import { MAX_BATCH_LENGTH } from '../../src/mcp/limits.ts';
import { LEAD_LIMITS } from '../../src/leads/limits.ts';
import { ERROR_CODES, RPC_ERRORS } from '../../src/mcp/jsonrpc.ts';
import { METHODS, type MethodName } from '../../src/mcp/methods.ts';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../../src/mcp/versions.ts';
import { openApiDocument } from '../../src/discovery/openapi.ts';
import { responseBounds } from '../../src/discovery/response-bounds.ts';
import { CASE_STUDY_LIMIT, SEARCH_LIMIT } from '../../src/mcp/tools/limits.ts';
import { LISTING_PAGE_SIZE, LLMS_FULL_MAX_BYTES, LLMS_TXT_RECENT, MAX_FACET_ENUM } from '../../src/site/bounds.ts';
import { DRAFT_MARK, fixtureModel, fixtureTools, h2Headings, parseMarkdown, realModel } from './fixtures.ts';
import { PROMPT_NAMES } from '../../src/mcp/prompt-catalog.ts';

describe('mcpDocsMarkdown', () => {
  const model = fixtureModel();
  const text = mcpDocsMarkdown(model, fixtureTools);
  const section = (heading: string) => {
    const start = text.indexOf(`## ${heading}\n`);
    expect(start, heading).toBeGreaterThanOrEqual(0);
    const end = text.indexOf('\n## ', start + 3);
    return text.slice(start, end === -1 ? undefined : end);
  };

  test('has the sections a developer needs', () => {
    expect(text.startsWith('# Fieldstone Works MCP server\n')).toBe(true);
    expect(h2Headings(text)).toEqual([
      'Endpoints',
      'Server card',
      'Transport',
      'Protocol versions',
      'Methods',
      'Tools',
      'Resources',
      'Prompts',
      'Limits',
      'Errors',
      'CORS',
      'Authentication',
      'Examples',
      'In the browser (WebMCP)',
      'Pages as Markdown',
      'Other machine-readable files',
    ]);
  });

  test('describes the resources and the prompts from the code that serves them', () => {
    const resources = section('Resources');
    expect(resources).toContain('`tools`, `resources`, `prompts`, `completions`');
    expect(resources).toContain(`${RESOURCE_PAGE_SIZE} per answer`);
    expect(resources).toContain('`https://www.fieldstone.example/{+path}`');
    expect(resources).toContain('JSON-RPC error -32002 in the 2025 revisions and -32602 in 2026-07-28');
    expect(resources).toContain(`at most ${COMPLETION_MAX} values`);
    const prompts = section('Prompts');
    for (const name of PROMPT_NAMES) expect(prompts).toContain(`\`${name}\``);
    expect(prompts).toContain('topic (required)');
    expect(prompts).toContain('Fieldstone Works');
    expect(prompts).toContain('`start_conversation`');
  });

  test('gives both endpoint URLs and the transport rules', () => {
    expect(section('Endpoints')).toContain('<https://www.fieldstone.example/api/mcp>');
    expect(section('Endpoints')).toContain('<https://agents.fieldstone.example/api/mcp>');
    const transport = section('Transport');
    expect(transport).toMatch(/stateless/);
    expect(transport).toContain('POST only');
    expect(transport).toMatch(/`GET` answers `405` with `Allow: POST, OPTIONS`/);
    expect(transport).toContain('`202`');
  });

  test('lists every protocol version and says how the era is chosen', () => {
    const versions = section('Protocol versions');
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) expect(versions).toContain(`\`${version}\``);
    expect(versions).toMatch(
      /a request is treated as `2026-07-28` when it declares `io\.modelcontextprotocol\/protocolVersion` in `params\._meta`, sends `MCP-Protocol-Version: 2026-07-28`, or calls `server\/discover`/,
    );
    expect(versions).toContain('`initialize`');
  });

  test('documents each tool from its schemas: arguments, required flags, nested result fields', () => {
    const tools = section('Tools');
    for (const tool of fixtureTools) expect(tools).toContain(`### \`${tool.name}\``);
    expect(tools).toMatch(/\| `query` +\| string \(1-200 characters\) +\| yes +\|/);
    expect(tools).toMatch(/\| `limit` +\| integer \(1-20, default 5\) +\| no +\| How many results\. +\|/);
    expect(tools).toMatch(/\| `format` +\| "short" \\\| "full" +\| no +\|/);
    expect(tools).toMatch(/\| `caseStudies\[\]\.url` +\| string +\| Absolute URL\. +\|/);
    expect(tools).toMatch(/\| `total` +\| integer +\|/);
    expect(tools).toMatch(/`start_conversation` contacts Fieldstone Works's team .* explicitly asked/);
    expect(tools).toContain('Read-only: no.');
  });

  test('states the lead limits, what a contact request records and how long it is kept, from the same settings', () => {
    const limits = section('Limits');
    expect(limits).toContain(
      `at most ${LEAD_LIMITS.email.max} new requests per e-mail address in 24 hours and ${LEAD_LIMITS.ip.max} per client IP in 1 hour, form and tool counted together`,
    );
    expect(limits).toMatch(
      /same e-mail address and message within 24 hours\) is not counted and returns the first reference/,
    );
    expect(limits).toContain('`_meta["io.modelcontextprotocol/clientInfo"]`');
    expect(limits).toContain(
      `It is kept for ${model.company.leads.retentionDays} days, then deleted (see the [privacy policy](https://www.fieldstone.example/privacy))`,
    );
  });

  test('states the rate limit with the RateLimit headers, and that they are sent', () => {
    const limits = section('Limits');
    expect(limits).toContain('120 requests per 60 seconds per client IP');
    for (const header of [
      'RateLimit-Policy',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'Retry-After',
    ])
      expect(limits).toContain(`\`${header}\``);
    expect(limits).toContain('`120;w=60`');
    // The page describes the server as it is, with no remark about an older version of itself.
    expect(limits).not.toMatch(/older version of this page/);
    expect(limits).toContain(`Request bodies: at most ${MAX_BODY_BYTES} bytes.`);
    expect(limits).toContain(`Batches: at most ${MAX_BATCH_LENGTH} messages.`);
    expect(limits).toMatch(/Every answer under `\/api\/` except the CORS preflight carries rate-limit headers/);
  });

  test('has the errors table of the contract', () => {
    const errors = section('Errors');
    for (const code of [
      ERROR_CODES.parseError,
      ERROR_CODES.invalidRequest,
      ERROR_CODES.methodNotFound,
      ERROR_CODES.invalidParams,
      ERROR_CODES.internalError,
      ERROR_CODES.headerMismatch,
      ERROR_CODES.unsupportedProtocolVersion,
    ])
      expect(errors).toContain(`JSON-RPC error ${code}`);
    for (const status of ['405', '404', '406', '413', '415', '429', '403', '500'])
      expect(errors).toMatch(new RegExp(`\\| ${status} +\\|`));
    expect(errors).toContain('`x-nf-mitigated: deny`');
    expect(errors).toContain('`isError: true`');
  });

  test("lists exactly the server's methods (src/mcp/methods.ts), with the eras each is served in", () => {
    const rows = section('Methods')
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    expect(rows.map((row) => /^\| `([^`]+)`/.exec(row)![1])).toEqual(Object.keys(METHODS));
    for (const row of rows) {
      const name = /^\| `([^`]+)`/.exec(row)![1] as MethodName;
      const [, , legacy, modern] = row.split('|').map((cell) => cell.trim());
      const eras: readonly string[] = METHODS[name].eras;
      expect([legacy, modern], name).toEqual([
        eras.includes('legacy') ? 'yes' : 'no',
        eras.includes('modern') ? 'yes' : 'no',
      ]);
    }
  });

  test("has a row for each JSON-RPC error of the server's table (src/mcp/jsonrpc.ts), with its HTTP status", () => {
    const errors = section('Errors');
    for (const row of Object.values(RPC_ERRORS)) {
      const line = errors.split('\n').find((candidate) => candidate.includes(`JSON-RPC error ${row.code} `))!;
      // Markdown escapes some characters of the text (`_meta` is written `\_meta`).
      expect(line.replace(/\\(.)/g, '$1'), String(row.code)).toContain(row.when);
      expect(line).toContain(`| ${row.status.legacy}`);
      if (row.status.modern !== row.status.legacy) expect(line).toContain(`${row.status.modern} (`);
    }
  });

  test('says CORS is open on purpose and there is no authentication', () => {
    expect(section('CORS')).toMatch(/Any origin is allowed .*on purpose/);
    expect(section('Authentication')).toMatch(/None\. No API key/);
  });

  test('gives curl examples for initialize, tools/list, search_site and get_page_markdown', () => {
    const blocks = parseMarkdown(section('Examples')).children.filter((node) => node.type === 'code');
    const bodies = blocks.map((node) => ('value' in node ? node.value : ''));
    expect(bodies.some((body) => body.includes('"method":"initialize"'))).toBe(true);
    expect(bodies.some((body) => body.includes('"method":"tools/list"'))).toBe(true);
    expect(bodies.some((body) => body.includes('"name":"search_site"'))).toBe(true);
    expect(
      bodies.some((body) =>
        body.includes('"name":"get_page_markdown","arguments":{"path":"/services/data-platforms"}'),
      ),
    ).toBe(true);
    expect(bodies.some((body) => body.includes('"method":"server/discover"'))).toBe(true);
  });

  test('explains Markdown negotiation for pages', () => {
    expect(section('Pages as Markdown')).toContain('`Accept: text/markdown`');
    expect(section('Pages as Markdown')).toContain('`Content-Type: text/markdown; charset=utf-8`');
  });

  test('names the read tools the pages register with WebMCP, the tool file and the contact form', () => {
    const webmcp = section('In the browser (WebMCP)');
    expect(webmcp).toContain('`/webmcp-tools.json`');
    expect(webmcp).toContain('`get_company_profile`');
    expect(webmcp).toContain('`search_site`');
    expect(webmcp).toContain('tool `start_conversation`');
    const registered = /read tools \(([^)]*)\)/.exec(webmcp)?.[1];
    expect(registered).toContain('`list_insights`');
    expect(registered).not.toContain('start_conversation');
  });

  test('contains no draft', () => {
    expect(text).not.toContain(DRAFT_MARK);
  });

  test('its templates hold prose and slots only: no company, version, limit, path or status the code defines', () => {
    const templates = ['mcp.md', 'tool.md']
      .map((name) => readFileSync(new URL(`../../src/discovery/mcp-docs/${name}`, import.meta.url), 'utf8'))
      .join('\n');
    for (const fact of [
      ...SUPPORTED_PROTOCOL_VERSIONS,
      realModel().company.name,
      model.company.name,
      ROUTES.apiPrefix,
      ROUTES.mcp,
      ROUTES.health,
      RATE_LIMIT_POLICY,
      EDGE_FIREWALL.header,
      EDGE_FIREWALL.vendor,
      MARKDOWN_CONTENT_TYPE,
    ])
      expect(templates, fact).not.toContain(fact);
    for (const number of [
      MAX_BODY_BYTES,
      MAX_BATCH_LENGTH,
      RATE_LIMIT.limit,
      RATE_LIMIT.windowSeconds,
      LEAD_LIMITS.email.max,
      ...Object.values(RPC_ERRORS).flatMap((row) => [row.code, row.status.legacy, row.status.modern]),
      202,
      204,
      404,
      405,
      406,
      413,
      415,
      429,
    ])
      expect(templates, String(number)).not.toMatch(new RegExp(`(?<![\\w-])${number}(?![\\w-])`));
  });
});

describe('the response bounds', () => {
  test('/mcp.md and the OpenAPI description state every bound the code enforces, with its number', () => {
    const docs = mcpDocsMarkdown(realModel(), fixtureTools).replace(/\\(.)/g, '$1');
    const openapi = (
      openApiDocument(realModel().company) as { paths: Record<string, { post: { description: string } }> }
    ).paths['/api/mcp']!.post.description;
    for (const sentence of responseBounds()) {
      expect(docs).toContain(sentence);
      expect(openapi).toContain(sentence);
    }
    for (const number of [
      MAX_FACET_ENUM,
      CASE_STUDY_LIMIT.max,
      SEARCH_LIMIT.max,
      LISTING_PAGE_SIZE,
      LLMS_TXT_RECENT.caseStudies,
    ]) {
      expect(responseBounds().join(' ')).toContain(String(number));
    }
    expect(responseBounds().join(' ')).toContain(LLMS_FULL_MAX_BYTES.toLocaleString('en-US'));
  });
});
