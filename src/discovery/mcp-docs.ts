/**
 * /mcp.md: the developer documentation of the MCP server, as Markdown. The prose is written as
 * Markdown in mcp-docs/mcp.md (and mcp-docs/tool.md, once per tool); this module fills its
 * `{{slots}}` with the facts of the code, each from its one source: the route table, the method
 * and error tables, the limits, the protocol versions, the tool descriptors `tools/list`
 * advertises, the company facts, the response bounds and the curl examples.
 *
 * The templates are read when the documentation is built (in Node: the build's worker, `astro
 * dev`, the tests), never by the API function, which does not
 * import this module.
 */
import { API_ERRORS } from '../http/api-error.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PhrasingContent, RootContent } from 'mdast';
import { escapeText, md, toMarkdown } from '../markdown/mdast.ts';
import { fillSlots, markdown, type MarkdownValue, type SlotValue } from '../markdown/slots.ts';
import { CORS_HEADERS } from '../http/cors.ts';
import { FILE_BROWSER_MAX_AGE_SECONDS } from '../http/cache-headers.ts';
import { SERVER_CARD_TYPES } from '../http/server-card.ts';
import { COMMON_HEADERS, MARKDOWN_CONTENT_TYPE } from '../http/headers.ts';
import { MAX_BODY_BYTES, RATE_LIMIT, RATE_LIMIT_POLICY } from '../http/limits.ts';
import { MAX_BATCH_LENGTH } from '../mcp/limits.ts';
import { LEAD_LIMITS } from '../leads/limits.ts';
import { responseBounds } from './response-bounds.ts';
import { DUPLICATE_WINDOW_MS } from '../leads/submit.ts';
import { RPC_ERRORS } from '../mcp/jsonrpc.ts';
import { promptCatalog } from '../mcp/prompt-catalog.ts';
import { COMPLETION_MAX, pageTemplateUri } from '../mcp/resources.ts';
import { SERVER_CAPABILITIES } from '../mcp/server-info.ts';
import { RESOURCE_PAGE_SIZE } from '../site/bounds.ts';
import { METHODS, NOTIFICATIONS, type MethodName } from '../mcp/methods.ts';
import type { ToolDescriptor } from '../mcp/tools/tool-descriptor.ts';
import { DEFAULT_HEADER_VERSION, LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS } from '../mcp/versions.ts';
import { mcpEndpoints } from '../model/identity.ts';
import type { SiteModel } from '../model/model.ts';
import { allowOf, API_ROUTES, routeAt } from '../http/routes.ts';
import { ROUTES } from '../site/routes.ts';
import { absoluteUrl, markdownPath } from '../site/urls.ts';
import { curlExamples } from './curl-examples.ts';
import { HTML_ALTERNATE, MARKDOWN_ALTERNATE } from './page-links.ts';
import { allFeeds } from './atom-feed.ts';
import { DISCOVERY_FILES, FEEDS } from './discovery-files.ts';
import { codeBlock, inlineCode, table, textWithLinks } from './doc-blocks.ts';
import { EDGE_FIREWALL } from './edge-firewall.ts';
import { serverIdentifier } from './ard.ts';
import { MCP_CATALOG_SPEC_VERSION } from './mcp-catalog.ts';
import { languagesGuidance } from './languages-guidance.ts';
import { schemaFields } from './schema-fields.ts';
import { webmcpTools } from './webmcp-tools.ts';
import { actionTools, consentRule, oneLine } from './tool-guidance.ts';

const code = inlineCode;
/** The MCP endpoint's route (src/http/routes.ts): its methods, and the `Allow` of its 405. */
const MCP_ROUTE = routeAt(ROUTES.mcp)!;
const yesNo = (value: boolean | undefined) => (value ? 'yes' : 'no');

/**
 * The HTTP statuses the API answers with besides the JSON-RPC errors (RPC_ERRORS): the ApiErrors'
 * from their table (src/http/api-error.ts), and the three success statuses of HTTP itself.
 */
const HTTP_STATUS = {
  ok: 200,
  accepted: 202,
  preflight: 204,
  'not-found': API_ERRORS.not_found,
  'method-not-allowed': API_ERRORS.method_not_allowed,
  'not-acceptable': API_ERRORS.not_acceptable,
  'payload-too-large': API_ERRORS.payload_too_large,
  'unsupported-media-type': API_ERRORS.unsupported_media_type,
  'rate-limited': API_ERRORS.rate_limited,
  'not-modified': 304,
} as const;

/** A template beside this module, with the path its errors name. */
function template(name: 'mcp.md' | 'tool.md'): { text: string; source: string } {
  const file = fileURLToPath(new URL(`./mcp-docs/${name}`, import.meta.url));
  const relative = path.relative(process.cwd(), file);
  return { text: readFileSync(file, 'utf8'), source: relative.startsWith('..') ? file : relative };
}

/** Phrasing as one line of Markdown, for a slot inside a sentence or a table cell. */
function inline(...nodes: PhrasingContent[]): MarkdownValue {
  return markdown(toMarkdown([md.paragraph(...nodes)]));
}

/** Blocks as Markdown, for a slot on a line of its own. */
function blocks(...nodes: RootContent[]): MarkdownValue {
  return markdown(nodes.length ? toMarkdown(nodes) : '');
}

/** Code spans separated by ", ". */
function codeList(values: readonly string[]): MarkdownValue {
  return inline(...values.flatMap((value, index) => (index ? [md.text(', '), code(value)] : [code(value)])));
}

/** Arguments (with Required) or result fields; the Description column only when a field has one. */
function fieldsTable(schema: ToolDescriptor['inputSchema'], kind: 'argument' | 'result'): RootContent {
  const fields = schemaFields(schema);
  if (!fields.length) return md.paragraph(kind === 'argument' ? 'No arguments.' : 'No structured fields.');
  const described = fields.some((field) => field.description);
  const header = [
    kind === 'argument' ? 'Argument' : 'Field',
    'Type',
    ...(kind === 'argument' ? ['Required'] : []),
    ...(described ? ['Description'] : []),
  ];
  return table(
    header,
    fields.map((field) => [
      [code(field.name)],
      field.type,
      ...(kind === 'argument' ? [yesNo(field.required)] : []),
      ...(described ? [textWithLinks(field.description)] : []),
    ]),
  );
}

type Template = ReturnType<typeof template>;

/** One tool's section, from mcp-docs/tool.md. */
function toolSection(model: SiteModel, tool: ToolDescriptor, { text, source }: Template): string {
  const { annotations } = tool;
  return fillSlots(
    text,
    {
      'tool.name': tool.name,
      'tool.title': tool.title,
      'tool.description': inline(...textWithLinks(oneLine(tool.description))),
      'tool.read-only': yesNo(annotations.readOnlyHint),
      'tool.destructive': yesNo(annotations.destructiveHint),
      'tool.idempotent': yesNo(annotations.idempotentHint),
      'tool.open-world': yesNo(annotations.openWorldHint),
      'tool.consent': blocks(...(annotations.readOnlyHint ? [] : [md.paragraph(...consentRule(model.company, tool))])),
      'tool.arguments': blocks(fieldsTable(tool.inputSchema, 'argument')),
      'tool.result': blocks(fieldsTable(tool.outputSchema, 'result')),
    },
    source,
  );
}

/** The API's routes (src/http/routes.ts), with their `Allow`. */
function routesTable(): RootContent {
  return table(
    ['Path', 'Methods', 'What'],
    API_ROUTES.map((route) => [[code(route.path)], [code(allowOf(route))], route.summary]),
  );
}

/** The JSON-RPC methods, from the server's method table (src/mcp/methods.ts). */
function methodsTable(): RootContent {
  const served = (name: MethodName, era: 'legacy' | 'modern') =>
    (METHODS[name].eras as readonly string[]).includes(era) ? 'yes' : 'no';
  return table(
    ['Method', '2025 revisions', MODERN_PROTOCOL_VERSIONS[0], 'Returns'],
    (Object.keys(METHODS) as MethodName[]).map((name) => [
      [code(name)],
      served(name, 'legacy'),
      served(name, 'modern'),
      METHODS[name].returns,
    ]),
  );
}

/** The prompts (src/mcp/prompt-catalog.ts): name, arguments, what each gives. */
function promptsTable(company: string): RootContent {
  return table(
    ['Prompt', 'Arguments', 'What it gives'],
    Object.values(promptCatalog(company, [])).map((prompt) => [
      [code(prompt.name)],
      prompt.arguments.length
        ? prompt.arguments
            .map((argument) => `${argument.name} (${argument.required ? 'required' : 'optional'})`)
            .join(', ')
        : 'none',
      prompt.description,
    ]),
  );
}

/** One row per JSON-RPC error of the server's table (src/mcp/jsonrpc.ts), with its HTTP status. */
function rpcErrorRows(): string[][] {
  const modern = MODERN_PROTOCOL_VERSIONS[0];
  return Object.values(RPC_ERRORS).map((row) => [
    row.when,
    row.status.legacy === row.status.modern
      ? String(row.status.legacy)
      : `${row.status.legacy} (2025 revisions), ${row.status.modern} (${modern})`,
    `JSON-RPC error ${row.code}`,
  ]);
}

/**
 * The status of a 2026-07-28 request whose MCP headers do not match or whose version is not
 * served; the template says both get the same one.
 */
function headerErrorStatus(): number {
  // Widened to number: today both are the literal 400, and this guards the day one changes.
  const mismatch: number = RPC_ERRORS.headerMismatch.status.modern;
  const unsupported: number = RPC_ERRORS.unsupportedProtocolVersion.status.modern;
  if (mismatch !== unsupported)
    throw new Error(
      'mcp-docs/mcp.md says a header mismatch and an unsupported version get the same status, ' +
        `but RPC_ERRORS gives ${mismatch} and ${unsupported}: reword its Protocol versions table.`,
    );
  return mismatch;
}

/** The one tool that acts (files a contact request); the Limits section states its limits. */
function contactTool(tools: readonly ToolDescriptor[]): string {
  const acting = actionTools(tools);
  if (acting.length !== 1)
    throw new Error(
      `mcp-docs/mcp.md describes the limits of one acting tool, but the descriptors have ${acting.length} (${acting.map((tool) => tool.name).join(', ')}).`,
    );
  return acting[0]!.name;
}

const hours = (ms: number) => `${ms / 3_600_000} hour${ms === 3_600_000 ? '' : 's'}`;

/** The section on the site's languages (multilingual sites only: empty otherwise, which drops the block). */
function languagesSection(model: SiteModel): RootContent[] {
  const guidance = languagesGuidance(model);
  return guidance.length ? [md.heading(2, 'Languages'), ...guidance] : [];
}

/**
 * Every slot of mcp-docs/mcp.md.
 *
 * Long: one entry per slot of mcp-docs/mcp.md, a table read top to bottom.
 */
function slots(model: SiteModel, tools: readonly ToolDescriptor[]): Record<string, SlotValue | undefined> {
  const { company } = model;
  const toolTemplate = template('tool.md');
  const endpoints = mcpEndpoints(company);
  const home = absoluteUrl(company.baseUrl, ROUTES.home);
  const page = model.sitePages.find((candidate) => candidate.kind === 'service') ?? model.sitePages[0];
  const discoveryFiles = Object.values(DISCOVERY_FILES).filter((file) => file.isStatic && file.path !== ROUTES.mcpDocs);
  return {
    'company.name': company.name,
    'endpoints.base': endpoints.base,
    'endpoints.agent': endpoints.agent,
    'api.prefix': ROUTES.apiPrefix,
    'routes-table': blocks(routesTable()),
    'card.url': absoluteUrl(company.baseUrl, ROUTES.mcpServerCard),
    'card.well-known-url': absoluteUrl(company.baseUrl, ROUTES.serverCard),
    'card.path': ROUTES.mcpServerCard,
    'card.type': SERVER_CARD_TYPES[0],
    'card.json-type': SERVER_CARD_TYPES[1],
    'card.max-age': FILE_BROWSER_MAX_AGE_SECONDS,
    'card.identifier': serverIdentifier(company),
    'catalog.ai-url': absoluteUrl(company.baseUrl, ROUTES.aiCatalog),
    'catalog.ard-url': absoluteUrl(company.baseUrl, ROUTES.ard),
    'catalog.mcp-url': absoluteUrl(company.baseUrl, ROUTES.mcpCatalog),
    'catalog.spec-version': MCP_CATALOG_SPEC_VERSION,
    'mcp.path': ROUTES.mcp,
    'mcp.methods': MCP_ROUTE.methods.join(', '),
    'mcp.allow': allowOf(MCP_ROUTE),
    'health.path': ROUTES.health,
    ...Object.fromEntries(Object.entries(HTTP_STATUS).map(([name, status]) => [`status.${name}`, status])),
    'limits.batch': MAX_BATCH_LENGTH,
    'limits.body-bytes': MAX_BODY_BYTES,
    'versions.modern': MODERN_PROTOCOL_VERSIONS[0],
    'versions.modern-list': codeList(MODERN_PROTOCOL_VERSIONS),
    'versions.legacy-list': codeList(LEGACY_PROTOCOL_VERSIONS),
    'versions.default-header': DEFAULT_HEADER_VERSION,
    'rpc.header-status': headerErrorStatus(),
    'rpc.method-not-found': RPC_ERRORS.methodNotFound.code,
    'errors.rpc-rows': markdown(
      rpcErrorRows()
        .map((row) => `| ${row.map(escapeText).join(' | ')} |`)
        .join('\n'),
    ),
    'methods-table': blocks(methodsTable()),
    'methods.notifications': codeList(NOTIFICATIONS),
    'tools.count': tools.length,
    tools: markdown(tools.map((tool) => toolSection(model, tool, toolTemplate)).join('\n')),
    'tools.contact': contactTool(tools),
    capabilities: codeList(Object.keys(SERVER_CAPABILITIES)),
    'resources.page-size': RESOURCE_PAGE_SIZE,
    'resources.example-uri': page?.url ?? home,
    'resources.template': pageTemplateUri(company.baseUrl),
    'rpc.invalid-params': RPC_ERRORS.invalidParams.code,
    'rpc.resource-not-found': RPC_ERRORS.resourceNotFound.code,
    'completion.max': COMPLETION_MAX,
    'prompts-table': blocks(promptsTable(company.name)),
    'rate.limit': RATE_LIMIT.limit,
    'rate.window-seconds': RATE_LIMIT.windowSeconds,
    'rate.policy': RATE_LIMIT_POLICY,
    'edge.vendor': EDGE_FIREWALL.vendor,
    'edge.status': EDGE_FIREWALL.status,
    'edge.content-type': EDGE_FIREWALL.contentType,
    'edge.header': EDGE_FIREWALL.header,
    'edge.value': EDGE_FIREWALL.value,
    'edge.retry-seconds': EDGE_FIREWALL.retryWithinSeconds,
    'leads.email-max': LEAD_LIMITS.email.max,
    'leads.email-window': hours(LEAD_LIMITS.email.windowMs),
    'leads.ip-max': LEAD_LIMITS.ip.max,
    'leads.ip-window': hours(LEAD_LIMITS.ip.windowMs),
    'leads.duplicate-window': hours(DUPLICATE_WINDOW_MS),
    'leads.retention-days': company.leads.retentionDays,
    'privacy.url': absoluteUrl(company.baseUrl, ROUTES.privacy),
    'webmcp.tools': codeList(webmcpTools(tools).tools.map((tool) => tool.name)),
    'webmcp.tools-file': ROUTES.webmcpTools,
    'webmcp.contact-url': absoluteUrl(company.baseUrl, ROUTES.contact),
    'response-bounds': blocks(md.list(responseBounds().map((sentence) => [sentence]))),
    'cors.allow-origin': CORS_HEADERS['Access-Control-Allow-Origin'],
    examples: blocks(
      ...curlExamples(model, tools).flatMap((example) => [
        md.heading(3, example.title),
        codeBlock('sh', example.command),
      ]),
    ),
    'markdown.suffix': markdownPath('/x').slice('/x'.length),
    'markdown.home': markdownPath(ROUTES.home),
    'markdown.content-type': MARKDOWN_CONTENT_TYPE,
    'markdown.vary': COMMON_HEADERS.Vary,
    'markdown.example-url': page?.url ?? home,
    'markdown.link-alternate': `<${markdownPath('/x')}>; ${MARKDOWN_ALTERNATE}`,
    'markdown.link-back': `</x>; ${HTML_ALTERNATE}`,
    languages: blocks(...languagesSection(model)),
    'discovery-files': blocks(
      md.list([
        ...discoveryFiles.map((file) => [
          md.link(absoluteUrl(company.baseUrl, file.path), file.title),
          md.text(`: ${file.description}`),
        ]),
        // Every language's Atom feeds (`application/atom+xml`), as the AI catalog lists them.
        ...allFeeds(model).map((feed) => [
          md.link(feed.url, `${feed.title} (Atom, ${feed.language})`),
          md.text(`: ${FEEDS[feed.key].description}`),
        ]),
      ]),
    ),
  };
}

/** Builds /mcp.md from the site model and the tool descriptors `tools/list` advertises. */
export function mcpDocsMarkdown(model: SiteModel, tools: readonly ToolDescriptor[]): string {
  const { text, source } = template('mcp.md');
  return fillSlots(text, slots(model, tools), source);
}
