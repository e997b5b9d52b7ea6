/**
 * /mcp.md: the developer documentation of the MCP server, as Markdown. Endpoints, transport,
 * protocol versions and how the era is chosen, every tool with its arguments and result fields
 * (generated from the descriptors `tools/list` advertises), limits, errors, CORS,
 * authentication, curl examples, Markdown negotiation and the other discovery files.
 */
import type { PhrasingContent, RootContent } from 'mdast';
import { md, toMarkdown } from '../markdown/mdast.ts';
import { COMMON_HEADERS, MARKDOWN_CONTENT_TYPE } from '../http/headers.ts';
import { MAX_BODY_BYTES, RATE_LIMIT, RATE_LIMIT_POLICY } from '../http/limits.ts';
import { MAX_BATCH_LENGTH } from '../mcp/limits.ts';
import { LEAD_LIMITS } from '../leads/limits.ts';
import { responseBounds } from './response-bounds.ts';
import { DUPLICATE_WINDOW_MS } from '../leads/submit.ts';
import { RPC_ERRORS } from '../mcp/jsonrpc.ts';
import { METHODS, NOTIFICATIONS, type MethodName } from '../mcp/methods.ts';
import type { ToolDescriptor } from '../mcp/tools/tool-descriptor.ts';
import { DEFAULT_HEADER_VERSION, LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS } from '../mcp/versions.ts';
import { mcpEndpoints } from '../model/identity.ts';
import type { SiteModel } from '../model/model.ts';
import { allowOf, API_ROUTES, routeAt } from '../http/routes.ts';
import { ROUTES } from '../site/routes.ts';
import { absoluteUrl } from '../site/urls.ts';
import { curlExamples } from './curl-examples.ts';
import { DISCOVERY_FILES } from './discovery-files.ts';
import { codeBlock, inlineCode, table, textWithLinks } from './doc-blocks.ts';
import { EDGE_FIREWALL } from './edge-firewall.ts';
import { schemaFields } from './schema-fields.ts';
import { consentRule, oneLine } from './tool-guidance.ts';

const code = inlineCode;
/** `Allow` of the MCP endpoint's 405: the methods it supports (src/http/routes.ts). */
const MCP_METHODS = allowOf(routeAt(ROUTES.mcp)!);
const yesNo = (value: boolean | undefined) => (value ? 'yes' : 'no');

function endpointsSection(model: SiteModel): RootContent[] {
  const endpoints = mcpEndpoints(model.company);
  return [
    md.heading(2, 'Endpoints'),
    table(
      ['Host', 'URL'],
      [
        ['Base host', md.link(endpoints.base, endpoints.base)],
        ['Agent host', md.link(endpoints.agent, endpoints.agent)],
      ],
    ),
    md.paragraph('Both hosts serve the same deployment. There is no version segment in the path.'),
    md.paragraph(
      'The HTTP API under ',
      code(ROUTES.apiPrefix),
      ' (any other path there answers 404 with an ApiError):',
    ),
    table(
      ['Path', 'Methods', 'What'],
      API_ROUTES.map((route) => [[code(route.path)], [code(allowOf(route))], route.summary]),
    ),
  ];
}

function transportSection(): RootContent[] {
  const items: (PhrasingContent | string)[][] = [
    ['Streamable HTTP, stateless: no session is kept between requests and there is no ', code('Mcp-Session-Id'), '.'],
    [
      'POST only, with ',
      code('Content-Type: application/json'),
      '. Responses are always ',
      code('application/json'),
      ', never an event stream; clients may still send ',
      code('Accept: application/json, text/event-stream'),
      '.',
    ],
    [
      `A body is one JSON-RPC message or a batch (a JSON array of at most ${MAX_BATCH_LENGTH} messages), answered by one response or an array of responses. Bodies larger than ${MAX_BODY_BYTES} bytes get `,
      code('413'),
      '.',
    ],
    ['A notification (a message without ', code('id'), ') is accepted with ', code('202'), ' and no body.'],
    [
      code('GET'),
      ' answers ',
      code('405'),
      ' with ',
      code(`Allow: ${MCP_METHODS}`),
      ': the server never opens a stream. ',
      code('OPTIONS'),
      ' is the CORS preflight (',
      code('204'),
      ').',
    ],
  ];
  return [md.heading(2, 'Transport'), md.list(items)];
}

/** The JSON-RPC methods, from the server's method table (src/mcp/methods.ts). */
function methodsSection(): RootContent[] {
  const modern = MODERN_PROTOCOL_VERSIONS[0];
  const served = (name: MethodName, era: 'legacy' | 'modern') =>
    (METHODS[name].eras as readonly string[]).includes(era) ? 'yes' : 'no';
  return [
    md.heading(2, 'Methods'),
    table(
      ['Method', '2025 revisions', modern, 'Returns'],
      (Object.keys(METHODS) as MethodName[]).map((name) => [
        [code(name)],
        served(name, 'legacy'),
        served(name, 'modern'),
        METHODS[name].returns,
      ]),
    ),
    md.paragraph(
      'Notifications (',
      ...NOTIFICATIONS.flatMap((name, index) => (index ? [md.text(', '), code(name)] : [code(name)])),
      ', or any other message without an ',
      code('id'),
      ') are accepted with 202 and no body. Any other method gets JSON-RPC error -32601.',
    ),
  ];
}

function versionsSection(): RootContent[] {
  const modern = MODERN_PROTOCOL_VERSIONS.join(', ');
  return [
    md.heading(2, 'Protocol versions'),
    table(
      ['Version', 'How a client uses it'],
      [
        [
          [code(modern)],
          [
            md.text('Stateless: no '),
            code('initialize'),
            md.text('. Every request carries its version, client info and capabilities in '),
            code('params._meta'),
            md.text(' ('),
            code('io.modelcontextprotocol/protocolVersion'),
            md.text(', '),
            code('io.modelcontextprotocol/clientInfo'),
            md.text(', '),
            code('io.modelcontextprotocol/clientCapabilities'),
            md.text('); '),
            code('server/discover'),
            md.text(' lists the supported versions, capabilities and server info. The headers '),
            code('MCP-Protocol-Version'),
            md.text(', '),
            code('Mcp-Method'),
            md.text(' and '),
            code('Mcp-Name'),
            md.text(' mirror the body; a mismatch or an unsupported version gets 400.'),
          ],
        ],
        [
          LEGACY_PROTOCOL_VERSIONS.map((version) => code(version)).flatMap((node, index) =>
            index ? [md.text(', '), node] : [node],
          ),
          [
            md.text('Call '),
            code('initialize'),
            md.text(' with '),
            code('protocolVersion'),
            md.text(', then send the negotiated version in the '),
            code('MCP-Protocol-Version'),
            md.text(
              ` header. A request without the header is treated as ${DEFAULT_HEADER_VERSION}. No session is created: each request stands alone.`,
            ),
          ],
        ],
      ],
    ),
    md.paragraph(
      'How the era is chosen: a request is treated as ',
      code(modern),
      ' when it declares ',
      code('io.modelcontextprotocol/protocolVersion'),
      ' in ',
      code('params._meta'),
      ', sends ',
      code(`MCP-Protocol-Version: ${modern}`),
      ', or calls ',
      code('server/discover'),
      '. Every other request follows the 2025 revisions. Responses carry the ',
      code('MCP-Protocol-Version'),
      ' header.',
    ),
  ];
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

function toolSection(model: SiteModel, tool: ToolDescriptor): RootContent[] {
  const { annotations } = tool;
  const blocks: RootContent[] = [
    md.heading(3, code(tool.name)),
    md.paragraph(md.strong(tool.title), ...textWithLinks(`. ${oneLine(tool.description)}`)),
    md.paragraph(
      `Read-only: ${yesNo(annotations.readOnlyHint)}. Destructive: ${yesNo(annotations.destructiveHint)}. ` +
        `Idempotent: ${yesNo(annotations.idempotentHint)}. Open world: ${yesNo(annotations.openWorldHint)}.`,
    ),
  ];
  if (!annotations.readOnlyHint) blocks.push(md.paragraph(...consentRule(model.company, tool)));
  blocks.push(md.paragraph(md.strong('Arguments')), fieldsTable(tool.inputSchema, 'argument'));
  blocks.push(
    md.paragraph(md.strong('Result'), md.text(' ('), code('structuredContent'), md.text(')')),
    fieldsTable(tool.outputSchema, 'result'),
  );
  return blocks;
}

function toolsSection(model: SiteModel, tools: readonly ToolDescriptor[]): RootContent[] {
  return [
    md.heading(2, 'Tools'),
    md.paragraph(
      `${tools.length} tools. Call them with `,
      code('tools/call'),
      ' (',
      code('{"name": …, "arguments": {…}}'),
      '). A tool failure comes back as a normal result with ',
      code('isError: true'),
      ' and a message that says what to do next; a successful result carries ',
      code('structuredContent'),
      ' matching the output schema below, and the same content as text.',
    ),
    ...tools.flatMap((tool) => toolSection(model, tool)),
  ];
}

function limitsSection(model: SiteModel): RootContent[] {
  const hours = (ms: number) => `${ms / 3_600_000} hour${ms === 3_600_000 ? '' : 's'}`;
  return [
    md.heading(2, 'Limits'),
    md.list([
      [
        `${RATE_LIMIT.limit} requests per ${RATE_LIMIT.windowSeconds} seconds per client IP, enforced best-effort per serving instance. ${EDGE_FIREWALL.vendor}'s edge firewall enforces the same limit globally.`,
      ],
      [`Request bodies: at most ${MAX_BODY_BYTES} bytes.`],
      [`Batches: at most ${MAX_BATCH_LENGTH} messages.`],
      [
        code('start_conversation'),
        md.text(
          ` shares the limits of the site's contact form: at most ${LEAD_LIMITS.email.max} new requests per e-mail address in ${hours(LEAD_LIMITS.email.windowMs)} ` +
            `and ${LEAD_LIMITS.ip.max} per client IP in ${hours(LEAD_LIMITS.ip.windowMs)}, form and tool counted together. ` +
            `A repeat (same e-mail address and message within ${hours(DUPLICATE_WINDOW_MS)}) is not counted and returns the first reference. ` +
            'A refusal is a tool result with isError: true that says when to try again, or where to write instead.',
        ),
      ],
    ]),
    md.paragraph('Every answer stays bounded, however large the site grows:'),
    md.list(responseBounds().map((sentence) => [sentence])),
    md.paragraph(
      'Every answer under ',
      code(ROUTES.apiPrefix),
      ' except the CORS preflight carries rate-limit headers, including 200, 405 and 429 answers of ',
      code(ROUTES.mcp),
      ' and ',
      code(ROUTES.health),
      ':',
    ),
    table(
      ['Header', 'Meaning'],
      [
        [
          [code('RateLimit-Policy')],
          [
            code(RATE_LIMIT_POLICY),
            md.text(`: ${RATE_LIMIT.limit} requests per ${RATE_LIMIT.windowSeconds}-second window`),
          ],
        ],
        [[code('RateLimit-Limit')], `Requests allowed per window for this client (${RATE_LIMIT.limit})`],
        [[code('RateLimit-Remaining')], 'Requests left in the current window'],
        [[code('RateLimit-Reset')], 'Seconds until the window resets'],
        [[code('Retry-After')], 'On 429: seconds to wait before retrying'],
      ],
    ),
    md.paragraph(
      'What a contact request records: the fields sent; the source (agent); the client, from ',
      code('_meta["io.modelcontextprotocol/clientInfo"]'),
      ' of a 2026-07-28 request, else the ',
      code('User-Agent'),
      " header (a 2025 request carries no client on tools/call, and this server keeps no session); when it was received; the reference; and that the calling agent declared the user's consent. ",
      `It is kept for ${model.company.leads.retentionDays} days, then deleted (see the `,
      md.link(absoluteUrl(model.company.baseUrl, ROUTES.privacy), 'privacy policy'),
      '). The client IP only counts toward the limit above (as a hash) and is not stored with the request.',
    ),
  ];
}

function errorsSection(): RootContent[] {
  const modern = MODERN_PROTOCOL_VERSIONS[0];
  // One row per JSON-RPC error of the server's table (src/mcp/jsonrpc.ts).
  const rpcErrorRows = Object.values(RPC_ERRORS).map((row) => [
    row.when,
    row.status.legacy === row.status.modern
      ? String(row.status.legacy)
      : `${row.status.legacy} (2025 revisions), ${row.status.modern} (${modern})`,
    `JSON-RPC error ${row.code}`,
  ]);
  return [
    md.heading(2, 'Errors'),
    table(
      ['Condition', 'HTTP status', 'Body'],
      [
        ...rpcErrorRows,
        [
          'Tool fails (e.g. invalid arguments)',
          '200',
          [md.text('Result with '), code('isError: true'), md.text(' and a message saying what to do')],
        ],
        [[code(`GET ${ROUTES.mcp}`)], '405', [md.text('ApiError, '), code(`Allow: ${MCP_METHODS}`)]],
        [
          [code('Accept'), md.text(' allows neither '), code('application/json'), md.text(' nor '), code('*/*')],
          '406',
          'ApiError',
        ],
        [`Body larger than ${MAX_BODY_BYTES} bytes`, '413', 'ApiError'],
        [[md.text('Body not '), code('application/json')], '415', 'ApiError'],
        [
          [md.text('Unknown path under '), code(ROUTES.apiPrefix)],
          '404',
          [
            md.text('ApiError with '),
            code('error.code'),
            md.text(', '),
            code('message'),
            md.text(', '),
            code('hint'),
            md.text(', '),
            code('docs'),
          ],
        ],
        ['Rate limit exceeded', '429', [md.text('ApiError, '), code('Retry-After'), md.text(' (integer seconds)')]],
        [
          'Edge firewall throttle',
          String(EDGE_FIREWALL.status),
          [
            code(EDGE_FIREWALL.contentType),
            md.text(', header '),
            code(`${EDGE_FIREWALL.header}: ${EDGE_FIREWALL.value}`),
            md.text(`; retry when the window rolls over (up to ${EDGE_FIREWALL.retryWithinSeconds} seconds)`),
          ],
        ],
      ],
    ),
    md.paragraph('An ApiError body is ', code('{"error": {"code", "message", "hint"?, "docs"?}}'), '.'),
  ];
}

function accessSections(): RootContent[] {
  return [
    md.heading(2, 'CORS'),
    md.paragraph(
      'Any origin is allowed (',
      code('Access-Control-Allow-Origin: *'),
      '), on purpose: the server is public, needs no credentials and returns public content only, so there is nothing a foreign origin could read or do that it could not do directly.',
    ),
    md.heading(2, 'Authentication'),
    md.paragraph('None. No API key, no sign-up, no OAuth. The server card declares no authentication.'),
  ];
}

function examplesSection(model: SiteModel, tools: readonly ToolDescriptor[]): RootContent[] {
  return [
    md.heading(2, 'Examples'),
    ...curlExamples(model, tools).flatMap((example) => [
      md.heading(3, example.title),
      codeBlock('sh', example.command),
    ]),
  ];
}

function markdownSection(model: SiteModel): RootContent[] {
  const home = absoluteUrl(model.company.baseUrl, ROUTES.home);
  const page = model.sitePages.find((candidate) => candidate.kind === 'service') ?? model.sitePages[0];
  return [
    md.heading(2, 'Pages as Markdown'),
    md.paragraph(
      'Every HTML page of the site is also available as Markdown, without MCP: send ',
      code('Accept: text/markdown'),
      ' to the page URL, or fetch the page URL plus ',
      code('.md'),
      ' (',
      code('/index.md'),
      ' for the home page). Markdown answers have ',
      code(`Content-Type: ${MARKDOWN_CONTENT_TYPE}`),
      ', ',
      code(`Vary: ${COMMON_HEADERS.Vary}`),
      ' and an ',
      code('x-markdown-tokens'),
      ' estimate.',
    ),
    codeBlock('sh', `curl -sS -H 'Accept: text/markdown' ${page?.url ?? home}`),
  ];
}

function discoverySection(model: SiteModel): RootContent[] {
  const files = Object.values(DISCOVERY_FILES).filter((file) => file.isStatic && file.path !== ROUTES.mcpDocs);
  return [
    md.heading(2, 'Other machine-readable files'),
    md.list(
      files.map((file) => [
        md.link(absoluteUrl(model.company.baseUrl, file.path), file.title),
        md.text(`: ${file.description}`),
      ]),
    ),
  ];
}

/** Builds /mcp.md from the site model and the tool descriptors `tools/list` advertises. */
export function mcpDocsMarkdown(model: SiteModel, tools: readonly ToolDescriptor[]): string {
  const { company } = model;
  const blocks: RootContent[] = [
    md.heading(1, `${company.name} MCP server`),
    md.blockquote(
      md.paragraph(
        `The public Model Context Protocol server of ${company.name}: read the company's services, case studies, insights and pages as Markdown, search the site, and ask the team to get in touch.`,
      ),
    ),
    ...endpointsSection(model),
    ...transportSection(),
    ...versionsSection(),
    ...methodsSection(),
    ...toolsSection(model, tools),
    ...limitsSection(model),
    ...errorsSection(),
    ...accessSections(),
    ...examplesSection(model, tools),
    ...markdownSection(model),
    ...discoverySection(model),
  ];
  return toMarkdown(blocks);
}
