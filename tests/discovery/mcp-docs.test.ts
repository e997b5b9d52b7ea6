/**
 * /mcp.md (src/discovery/mcp-docs.ts and its templates) states the facts of the code that serves
 * the API: every section its template promises is there, and each fact it gives is read here from
 * the code's own table (routes, statuses, limits, methods, errors, tools' schemas, prompts), not
 * from a copy of the wording, so rewording passes and a wrong fact fails.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { allFeeds } from '../../src/discovery/atom-feed.ts';
import { FEEDS } from '../../src/discovery/discovery-files.ts';
import { mcpDocsMarkdown } from '../../src/discovery/mcp-docs.ts';
import { EDGE_FIREWALL } from '../../src/discovery/edge-firewall.ts';
import { openApiDocument } from '../../src/discovery/openapi.ts';
import { responseBounds } from '../../src/discovery/response-bounds.ts';
import { schemaFields } from '../../src/discovery/schema-fields.ts';
import { webmcpTools } from '../../src/discovery/webmcp-tools.ts';
import { API_ERRORS } from '../../src/http/api-error.ts';
import { CORS_HEADERS } from '../../src/http/cors.ts';
import { COMMON_HEADERS, MARKDOWN_CONTENT_TYPE } from '../../src/http/headers.ts';
import { MAX_BODY_BYTES, RATE_LIMIT, RATE_LIMIT_POLICY } from '../../src/http/limits.ts';
import { rateLimitHeaders } from '../../src/http/rate-limit.ts';
import { allowOf, routeAt } from '../../src/http/routes.ts';
import { LEAD_LIMITS } from '../../src/leads/limits.ts';
import { DUPLICATE_WINDOW_MS } from '../../src/leads/submit.ts';
import { ERROR_CODES, RPC_ERRORS } from '../../src/mcp/jsonrpc.ts';
import { MAX_BATCH_LENGTH } from '../../src/mcp/limits.ts';
import { METHODS, type MethodName } from '../../src/mcp/methods.ts';
import { PROMPT_NAMES, promptCatalog } from '../../src/mcp/prompt-catalog.ts';
import { COMPLETION_MAX, pageTemplateUri } from '../../src/mcp/resources.ts';
import { SERVER_CAPABILITIES } from '../../src/mcp/server-info.ts';
import { CASE_STUDY_LIMIT, SEARCH_LIMIT } from '../../src/mcp/tools/limits.ts';
import { MODERN_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS } from '../../src/mcp/versions.ts';
import { mcpEndpoints } from '../../src/model/identity.ts';
import {
  LISTING_PAGE_SIZE,
  LLMS_FULL_MAX_BYTES,
  LLMS_TXT_RECENT,
  MAX_FACET_ENUM,
  RESOURCE_PAGE_SIZE,
} from '../../src/site/bounds.ts';
import { ROUTES } from '../../src/site/routes.ts';
import { absoluteUrl } from '../../src/site/urls.ts';
import { DRAFT_MARK, fixtureModel, fixtureTools, h2Headings, parseMarkdown, realModel } from './fixtures.ts';

/** A template of /mcp.md (src/discovery/mcp-docs/). */
const template = (name: 'mcp.md' | 'tool.md') =>
  readFileSync(new URL(`../../src/discovery/mcp-docs/${name}`, import.meta.url), 'utf8');

describe('mcpDocsMarkdown', () => {
  const model = fixtureModel();
  const text = mcpDocsMarkdown(model, fixtureTools);
  /** Markdown escapes some characters of the text (`_meta` is written `\_meta`). */
  const plain = (markdown: string) => markdown.replace(/\\(.)/g, '$1');
  /** A section as written (Markdown escapes and all). */
  const rawSection = (heading: string) => {
    const start = text.indexOf(`## ${heading}\n`);
    expect(start, heading).toBeGreaterThanOrEqual(0);
    const end = text.indexOf('\n## ', start + 3);
    return text.slice(start, end === -1 ? undefined : end);
  };
  /** A section's text as read. */
  const section = (heading: string) => plain(rawSection(heading));
  /** The whole text as read: for a fact that holds wherever the page states it. */
  const doc = plain(text);
  /** The sections src/discovery/mcp-docs/mcp.md promises: its own `## ` headings, in order. */
  const promised = [...template('mcp.md').matchAll(/^## (.+)$/gm)].map((match) => match[1]!);

  test('has every section its template promises, in order, each with a body, under a title that names the company', () => {
    expect(text.startsWith(`# ${model.company.name} MCP server\n`)).toBe(true);
    expect(promised.length).toBeGreaterThan(5);
    // A one-language site has no Languages section; the template adds no other.
    expect(model.languages.codes).toHaveLength(1);
    expect(h2Headings(text)).toEqual(promised);
    for (const heading of promised)
      expect(section(heading).trim().length, heading).toBeGreaterThan(heading.length + 40);
    // A site in more languages gets the Languages section too, before the machine-readable files.
    const real = mcpDocsMarkdown(realModel(), fixtureTools);
    expect(realModel().languages.codes.length).toBeGreaterThan(1);
    expect(h2Headings(real)).toEqual([...promised.slice(0, -1), 'Languages', promised.at(-1)]);
  });

  test('describes the resources and the prompts from the code that serves them', () => {
    const resources = section('Resources');
    expect(resources).toContain(
      Object.keys(SERVER_CAPABILITIES)
        .map((name) => `\`${name}\``)
        .join(', '),
    );
    expect(resources).toContain(`${RESOURCE_PAGE_SIZE} per answer`);
    expect(resources).toContain(`\`${pageTemplateUri(model.company.baseUrl)}\``);
    for (const code of [RPC_ERRORS.resourceNotFound.code, RPC_ERRORS.invalidParams.code])
      expect(resources).toContain(`JSON-RPC error ${code}`);
    expect(resources).toContain(`at most ${COMPLETION_MAX} values`);
    const prompts = section('Prompts');
    for (const prompt of Object.values(promptCatalog(model.company.name, []))) {
      const row = prompts.split('\n').find((line) => line.startsWith(`| \`${prompt.name}\``));
      expect(row, prompt.name).toBeDefined();
      expect(row).toContain(prompt.description);
      for (const argument of prompt.arguments)
        expect(row).toContain(`${argument.name} (${argument.required ? 'required' : 'optional'})`);
    }
    expect(PROMPT_NAMES.length).toBe(Object.keys(promptCatalog(model.company.name, [])).length);
  });

  test('gives both endpoint URLs and the transport rules, from the route table', () => {
    const endpoints = mcpEndpoints(model.company);
    for (const url of [endpoints.base, endpoints.agent]) expect(doc).toContain(`<${url}>`);
    const transport = doc;
    const route = routeAt(ROUTES.mcp)!;
    expect(transport).toContain(`${route.methods.join(', ')} only`);
    expect(transport).toContain(
      `\`GET\` answers \`${API_ERRORS.method_not_allowed}\` with \`Allow: ${allowOf(route)}\``,
    );
    expect(transport).toContain(`at most ${MAX_BATCH_LENGTH} messages`);
    expect(transport).toContain(`\`${API_ERRORS.payload_too_large}\``);
    // A notification's answer, as the server gives it.
    expect(transport).toContain('`202`');
  });

  test('lists every protocol version and says how the era is chosen', () => {
    const versions = section('Protocol versions');
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) expect(versions).toContain(`\`${version}\``);
    const modern = MODERN_PROTOCOL_VERSIONS[0];
    // The discovery method the rule names is one the server serves in that era only.
    const discover = Object.entries(METHODS).find(([, method]) => method.eras.join() === 'modern')?.[0];
    expect(discover).toBeDefined();
    expect(versions).toContain(`\`MCP-Protocol-Version: ${modern}\`, or calls \`${discover}\``);
    expect(versions).toContain('`initialize`');
  });

  test('documents each tool from its schemas: every argument with its type and whether it is required, every result field', () => {
    // As written: a table cell escapes the `|` of a type such as `"short" | "full"`.
    const tools = rawSection('Tools');
    expect(tools).toContain(`${fixtureTools.length} tools`);
    for (const tool of fixtureTools) {
      const start = tools.indexOf(`### \`${tool.name}\``);
      expect(start, tool.name).toBeGreaterThanOrEqual(0);
      const own = tools.slice(start, tools.indexOf('\n### ', start + 4) >>> 0);
      const rows = own.split('\n');
      const rowOf = (name: string) => rows.find((line) => line.startsWith(`| \`${name}\` `));
      for (const field of schemaFields(tool.inputSchema)) {
        const cells = rowOf(field.name)
          ?.split(/(?<!\\)\|/)
          .map((cell) => cell.trim());
        expect(cells, `${tool.name} ${field.name}`).toBeDefined();
        expect(cells![2], `${tool.name} ${field.name}`).toBe(field.type.replace(/\|/g, '\\|'));
        expect(cells![3], `${tool.name} ${field.name}`).toBe(field.required ? 'yes' : 'no');
      }
      for (const field of schemaFields(tool.outputSchema))
        expect(rowOf(field.name), `${tool.name} ${field.name}`).toBeDefined();
      expect(own).toContain(`Read-only: ${tool.annotations?.readOnlyHint ? 'yes' : 'no'}.`);
    }
    // Nested result fields are among them, by their path (`caseStudies[].url`).
    expect(
      fixtureTools.flatMap((tool) => schemaFields(tool.outputSchema)).some((field) => field.name.includes('[].')),
    ).toBe(true);
  });

  test('states the lead limits, what a contact request records and how long it is kept, from the same settings', () => {
    const limits = section('Limits');
    expect(limits).toContain(
      `at most ${LEAD_LIMITS.email.max} new requests per e-mail address in ${LEAD_LIMITS.email.windowMs / 3_600_000} hours`,
    );
    expect(limits).toContain(`${LEAD_LIMITS.ip.max} per client IP in ${LEAD_LIMITS.ip.windowMs / 3_600_000} hour`);
    expect(limits).toContain(`within ${DUPLICATE_WINDOW_MS / 3_600_000} hours`);
    expect(limits).toContain('`_meta["io.modelcontextprotocol/clientInfo"]`');
    expect(limits).toContain(`kept for ${model.company.leads.retentionDays} days`);
    expect(limits).toContain(`(${absoluteUrl(model.company.baseUrl, ROUTES.privacy)})`);
  });

  test('states the rate limit with the RateLimit headers the server sends', () => {
    const limits = section('Limits');
    expect(limits).toContain(`${RATE_LIMIT.limit} requests per ${RATE_LIMIT.windowSeconds} seconds per client IP`);
    const refused = rateLimitHeaders({
      allowed: false,
      limit: 1,
      policy: RATE_LIMIT_POLICY,
      remaining: 0,
      resetSeconds: 1,
    });
    for (const header of Object.keys(refused)) expect(limits).toContain(`\`${header}\``);
    expect(limits).toContain(`\`${RATE_LIMIT_POLICY}\``);
    expect(limits).toContain(`Request bodies: at most ${MAX_BODY_BYTES} bytes.`);
    expect(limits).toContain(`Batches: at most ${MAX_BATCH_LENGTH} messages.`);
  });

  test('has the errors table of the contract, every status the API answers with', () => {
    const errors = section('Errors');
    for (const code of Object.values(ERROR_CODES)) expect(errors).toContain(`JSON-RPC error ${code}`);
    const statuses = [
      API_ERRORS.method_not_allowed,
      API_ERRORS.not_found,
      API_ERRORS.not_acceptable,
      API_ERRORS.payload_too_large,
      API_ERRORS.unsupported_media_type,
      API_ERRORS.rate_limited,
      EDGE_FIREWALL.status,
    ];
    for (const status of statuses) expect(errors).toMatch(new RegExp(`\\| ${status} +\\|`));
    expect(errors).toContain(`\`${EDGE_FIREWALL.header}: ${EDGE_FIREWALL.value}\``);
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

  test('gives the CORS origin the server sends, and no authentication, as the server card declares', () => {
    expect(doc).toContain(`\`Access-Control-Allow-Origin: ${CORS_HEADERS['Access-Control-Allow-Origin']}\``);
    expect(section('Authentication')).toMatch(/^## Authentication\n\nNone\./);
  });

  test('gives a curl example of every kind of request it describes, each a message the server serves', () => {
    const blocks = parseMarkdown(section('Examples')).children.filter((node) => node.type === 'code');
    const messages = blocks.map((node) => {
      // The body as the shell passes it: single-quoted, a quote inside written '\\''.
      const body = /(?:-d|--data(?:-raw)?) '((?:[^']|'\\'')*)'/.exec('value' in node ? node.value : '')?.[1];
      expect(body, 'value' in node ? node.value : '').toBeDefined();
      return JSON.parse(body!.replaceAll("'\\''", "'")) as { method: string; params?: { name?: string } };
    });
    for (const message of messages) expect(Object.keys(METHODS), message.method).toContain(message.method);
    const names = new Set(fixtureTools.map((tool) => tool.name));
    for (const message of messages.filter((each) => each.method === 'tools/call'))
      expect(names, message.params?.name).toContain(message.params?.name);
    const methods = new Set(messages.map((message) => message.method));
    for (const method of ['initialize', 'tools/list', 'tools/call', 'server/discover'])
      expect(methods, method).toContain(method);
    // A read of a published page: the path of a page the model publishes.
    const read = messages.find((message) => message.params?.name === 'get_page_markdown') as
      { params: { arguments: { path: string } } } | undefined;
    expect(model.sitePages.map((page) => page.path)).toContain(read?.params.arguments.path);
  });

  test('explains Markdown negotiation for pages with the type and Vary the server sends', () => {
    expect(doc).toContain('`Accept: text/markdown`');
    expect(doc).toContain(`\`Content-Type: ${MARKDOWN_CONTENT_TYPE}\``);
    expect(doc).toContain(`\`Vary: ${COMMON_HEADERS.Vary}\``);
  });

  test('names the read tools the pages register with WebMCP, the tool file and the contact form', () => {
    const webmcp = doc;
    expect(webmcp).toContain(`\`${ROUTES.webmcpTools}\``);
    const registered = webmcpTools(fixtureTools).tools.map((tool) => `\`${tool.name}\``);
    expect(registered.length).toBeGreaterThan(1);
    expect(webmcp).toContain(registered.join(', '));
    const contact = fixtureTools.find((tool) => tool.annotations?.readOnlyHint === false)!;
    expect(registered).not.toContain(`\`${contact.name}\``);
    expect(webmcp).toContain(`tool \`${contact.name}\``);
  });

  test("links every language's Atom feeds among the machine-readable files", () => {
    const real = mcpDocsMarkdown(realModel(), fixtureTools);
    const feeds = allFeeds(realModel());
    expect(new Set(feeds.map((feed) => feed.language)).size).toBe(realModel().languages.codes.length);
    for (const feed of feeds) expect(real, feed.path).toContain(`](${feed.url}): ${FEEDS[feed.key].description}`);
  });

  test('contains no draft', () => {
    expect(text).not.toContain(DRAFT_MARK);
  });

  test('its templates hold prose and slots only: no company, version, limit, path or status the code defines', () => {
    const templates = [template('mcp.md'), template('tool.md')].join('\n');
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
