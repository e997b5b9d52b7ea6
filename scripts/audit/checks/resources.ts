/**
 * Pages as MCP resources, prompts and completion: optional in the contract, so each is checked
 * only when the deployment's initialize advertises its capability, and then strictly: a listed
 * page reads as exactly the Markdown the site serves for it, an unknown page is refused with a
 * JSON-RPC error, a prompt without required arguments gives messages, and the page template's
 * path completes.
 */
import { LEGACY_PROTOCOL_VERSIONS } from '../../../src/mcp/versions.ts';
import { isObject, shown, type Audit } from '../context.ts';
import { errorOf, initializeParams, post, request, requireMcp, resultOf } from '../mcp.ts';

const VERSION = LEGACY_PROTOCOL_VERSIONS[0];
const HEADERS = { 'mcp-protocol-version': VERSION };
/** The errors MCP gives for an unknown resource: -32002 (2025 revisions), -32602 (later). */
const RESOURCE_NOT_FOUND = [-32002, -32602];

export async function checkResources(audit: Audit): Promise<void> {
  const area = 'mcp';
  if (!(await requireMcp(audit, area))) return;
  const init = await post(audit, request('capabilities', 'initialize', initializeParams(VERSION)));
  const capabilities = resultOf(init.body)?.capabilities;
  const offers = (name: string) => isObject(capabilities) && isObject(capabilities[name]);

  if (offers('resources')) await checkPageResources(audit);
  else audit.skip(area, 'mcp.resources', 'pages as resources', 'initialize advertises no resources capability.');
  if (offers('prompts')) await checkPrompts(audit);
  else audit.skip(area, 'mcp.prompts', 'prompts', 'initialize advertises no prompts capability.');
  if (offers('completions')) await checkCompletion(audit);
  else audit.skip(area, 'mcp.completion', 'completion', 'initialize advertises no completions capability.');
}

async function checkPageResources(audit: Audit): Promise<void> {
  const area = 'mcp';
  const list = await post(audit, request(20, 'resources/list'), HEADERS);
  const resources = resultOf(list.body)?.resources;
  const listed = Array.isArray(resources)
    ? resources.filter(
        (item): item is { uri: string; name: string; mimeType?: string } =>
          isObject(item) && typeof item.uri === 'string' && typeof item.name === 'string',
      )
    : [];
  const ok = audit.check(
    area,
    'mcp.resources.list',
    'resources/list lists resources with uri and name',
    listed.length > 0 && listed.length === (resources as unknown[]).length,
    {
      expected: 'a result with a non-empty resources array, each item with uri and name (the capability is advertised)',
      got: shown(list.response),
      fix: 'List the published pages in resources/list, or stop advertising the resources capability.',
    },
  );
  if (!ok) return;

  const page = listed.find((item) => URL.canParse(item.uri) && /^https?:$/.test(new URL(item.uri).protocol));
  if (!page) {
    audit.skip(
      area,
      'mcp.resources.read',
      'resources/read matches the served Markdown',
      'no listed resource is a web page URL.',
    );
  } else {
    const read = await post(audit, request(21, 'resources/read', { uri: page.uri }), HEADERS);
    const contents = resultOf(read.body)?.contents;
    const first = Array.isArray(contents) && isObject(contents[0]) ? contents[0] : undefined;
    const path = new URL(page.uri).pathname;
    const served = await audit.getOnce(path, 'text/markdown');
    audit.check(
      area,
      'mcp.resources.read',
      `resources/read ${path} is the Markdown the site serves for it`,
      typeof first?.text === 'string' && served.status === 200 && first.text === served.text,
      {
        expected: `contents[0].text equal to GET ${path} with Accept: text/markdown`,
        got:
          typeof first?.text === 'string'
            ? `resources/read gave ${first.text.length} characters; the page's Markdown: ${shown(served, false)}, ${served.text.length} characters`
            : shown(read.response),
        fix: 'Answer resources/read from the same build artefact the edge serves as the page Markdown.',
      },
    );
  }

  const unknown = new URL('/agent-interface-audit/no-such-page', page?.uri ?? audit.base).href;
  const missing = await post(audit, request(22, 'resources/read', { uri: unknown }), HEADERS);
  const code = errorOf(missing.body)?.code;
  audit.check(
    area,
    'mcp.resources.not-found',
    'resources/read of an unknown page is a resource-not-found error',
    typeof code === 'number' && RESOURCE_NOT_FOUND.includes(code),
    {
      expected: `a JSON-RPC error ${RESOURCE_NOT_FOUND.join(' or ')} (MCP: resource not found)`,
      got: shown(missing.response),
      fix: 'Refuse an unknown resource URI with the protocol error, not an empty result or a 5xx.',
    },
  );
}

async function checkPrompts(audit: Audit): Promise<void> {
  const area = 'mcp';
  const list = await post(audit, request(30, 'prompts/list'), HEADERS);
  const prompts = resultOf(list.body)?.prompts;
  const listed = Array.isArray(prompts)
    ? prompts.filter(
        (item): item is { name: string; arguments?: unknown } => isObject(item) && typeof item.name === 'string',
      )
    : [];
  const ok = audit.check(area, 'mcp.prompts.list', 'prompts/list lists named prompts', listed.length > 0, {
    expected: 'a result with a non-empty prompts array, each with a name (the capability is advertised)',
    got: shown(list.response),
    fix: 'List the prompts in prompts/list, or stop advertising the prompts capability.',
  });
  if (!ok) return;
  const needsNothing = listed.find(
    (prompt) =>
      !Array.isArray(prompt.arguments) ||
      !prompt.arguments.some((argument) => isObject(argument) && argument.required === true),
  );
  if (!needsNothing) {
    audit.skip(area, 'mcp.prompts.get', 'prompts/get gives messages', 'every listed prompt requires an argument.');
    return;
  }
  const got = await post(audit, request(31, 'prompts/get', { name: needsNothing.name }), HEADERS);
  const messages = resultOf(got.body)?.messages;
  audit.check(
    area,
    'mcp.prompts.get',
    `prompts/get ${needsNothing.name} gives messages`,
    Array.isArray(messages) &&
      messages.length > 0 &&
      messages.every((message) => isObject(message) && typeof message.role === 'string' && isObject(message.content)),
    {
      expected: 'a result with messages, each with a role and a content object',
      got: shown(got.response),
      fix: `Answer prompts/get for ${needsNothing.name} with its messages.`,
    },
  );
  const unknown = await post(
    audit,
    request(32, 'prompts/get', { name: 'agent-interface-audit-no-such-prompt' }),
    HEADERS,
  );
  audit.check(
    area,
    'mcp.prompts.unknown',
    'prompts/get of an unknown prompt is -32602',
    errorOf(unknown.body)?.code === -32602,
    {
      expected: 'a JSON-RPC error -32602 (MCP prompts: invalid prompt name)',
      got: shown(unknown.response),
      fix: 'Refuse an unknown prompt name with -32602 and say which prompts exist.',
    },
  );
}

async function checkCompletion(audit: Audit): Promise<void> {
  const area = 'mcp';
  const templates = await post(audit, request(40, 'resources/templates/list'), HEADERS);
  const list = resultOf(templates.body)?.resourceTemplates;
  const template = Array.isArray(list)
    ? list.find((item): item is { uriTemplate: string } => isObject(item) && typeof item.uriTemplate === 'string')
    : undefined;
  const variable = template?.uriTemplate.match(/\{[+#./;?&]?([A-Za-z0-9_]+)/)?.[1];
  if (!template || !variable) {
    audit.skip(
      area,
      'mcp.completion',
      'completion of a resource template',
      'resources/templates/list offers no template with a variable.',
    );
    return;
  }
  const completed = await post(
    audit,
    request(41, 'completion/complete', {
      ref: { type: 'ref/resource', uri: template.uriTemplate },
      argument: { name: variable, value: '' },
    }),
    HEADERS,
  );
  const completion = resultOf(completed.body)?.completion;
  audit.check(
    area,
    'mcp.completion',
    `completion/complete of ${template.uriTemplate} {${variable}}`,
    isObject(completion) &&
      Array.isArray(completion.values) &&
      completion.values.length > 0 &&
      completion.values.length <= 100 &&
      completion.values.every((value) => typeof value === 'string'),
    {
      expected: 'a result with completion.values: 1 to 100 strings',
      got: shown(completed.response),
      fix: 'Complete the template variable from the published pages, or stop advertising the completions capability.',
    },
  );
}
