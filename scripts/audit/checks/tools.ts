/**
 * The contract's tools (CONTRACT_TOOLS, from its table, not from this checkout: the audit checks any
 * deployment) listed with input schemas, and every listed tool called with valid arguments (a
 * result with content, structuredContent matching outputSchema when one is declared) and with
 * invalid ones (a tool error: result.isError with a message). start_conversation files a lead,
 * so it is called with valid arguments only when --file-test-lead asks for one marked test lead.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { LEGACY_PROTOCOL_VERSIONS } from '../../../src/mcp/versions.ts';
import { isObject, shown, type Audit } from '../context.ts';
import { errorOf, post, request, requireMcp, resultOf, toolText } from '../mcp.ts';
import { excerpt } from '../report.ts';
import { searchWord, sitemapPaths } from '../site.ts';

/** The tools the contract names ("Tools and their arguments"), with their required arguments. */
export const CONTRACT_TOOLS: Record<string, readonly string[]> = {
  get_company_profile: [],
  get_page_markdown: ['path'],
  list_case_studies: [],
  list_insights: [],
  search_site: ['query'],
  start_conversation: ['name', 'email', 'message'],
};
const LEAD_TOOL = 'start_conversation';

interface Tool {
  name: string;
  inputSchema: { properties?: Record<string, Schema>; required?: string[]; additionalProperties?: unknown };
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}
interface Schema {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Arguments a well-behaved agent would send: the required ones, and a small `limit` where there is one. */
export function validArguments(tool: Tool, facts: { pagePath: string; word: string }): Record<string, unknown> {
  const properties = tool.inputSchema.properties ?? {};
  const args: Record<string, unknown> = {};
  const value = (name: string, schema: Schema): unknown => {
    if (name === 'path') return facts.pagePath;
    if (name === 'query') return facts.word;
    if (schema.enum?.length) return schema.enum[0];
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, Math.min(2, schema.maximum ?? 2));
    if (type === 'boolean') return true;
    return 'audit';
  };
  for (const name of tool.inputSchema.required ?? []) args[name] = value(name, properties[name] ?? {});
  const limit = properties.limit;
  if (limit && !('limit' in args)) args.limit = value('limit', limit);
  return args;
}

/** Arguments the tool must refuse, or undefined when its schema accepts anything. */
export function invalidArguments(tool: Tool): Record<string, unknown> | undefined {
  if ((tool.inputSchema.required ?? []).length > 0) return {};
  const properties = Object.entries(tool.inputSchema.properties ?? {});
  const enumerated = properties.find(([, schema]) => schema.enum?.length);
  if (enumerated) return { [enumerated[0]]: 'not-a-valid-value-from-the-audit' };
  const numeric = properties.find(([, schema]) => schema.type === 'integer' || schema.type === 'number');
  if (numeric) return { [numeric[0]]: 'not-a-number' };
  if (tool.inputSchema.additionalProperties === false) return { not_an_argument_of_this_tool: true };
  return undefined;
}

/** Long: a list of independent checks run in the order the report prints them, then every listed tool called. */
export async function checkTools(audit: Audit): Promise<void> {
  const area = 'tools';
  if (!(await requireMcp(audit, area))) return;
  const headers = { 'mcp-protocol-version': LEGACY_PROTOCOL_VERSIONS[0] };
  const list = await post(audit, request(1, 'tools/list'), headers);
  const listed = resultOf(list.body)?.tools;
  if (
    !audit.check(
      area,
      'tools.list',
      'tools/list returns the tools',
      list.response.status === 200 && Array.isArray(listed),
      {
        expected: 'HTTP 200 with result.tools, an array',
        got: shown(list.response),
        fix: 'Serve tools/list at POST /api/mcp.',
      },
    )
  )
    return;
  const tools = (listed as unknown[]).filter(
    (tool): tool is Tool => isObject(tool) && typeof tool.name === 'string' && isObject(tool.inputSchema),
  );
  audit.check(
    area,
    'tools.list.schemas',
    'every tool has a name and an inputSchema',
    tools.length === (listed as unknown[]).length,
    {
      expected: 'each tool: {name, inputSchema: {type: "object", …}}',
      got: `${(listed as unknown[]).length - tools.length} of ${(listed as unknown[]).length} without`,
      fix: 'Give every tool a name and a JSON Schema for its arguments.',
    },
  );
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  for (const [name, required] of Object.entries(CONTRACT_TOOLS)) {
    const tool = byName.get(name);
    const missing = tool ? required.filter((argument) => !(tool.inputSchema.properties ?? {})[argument]) : required;
    audit.check(
      area,
      `tools.contract.${name}`,
      `${name} is listed with its arguments`,
      tool !== undefined && missing.length === 0,
      {
        expected: `a tool "${name}"${required.length ? ` with arguments ${required.join(', ')}` : ''}`,
        got: tool
          ? `arguments missing: ${missing.join(', ')}`
          : `not listed (tools: ${[...byName.keys()].join(', ') || 'none'})`,
        fix: `The contract names ${Object.keys(CONTRACT_TOOLS).length} tools ("Tools and their arguments"); list each with its arguments.`,
      },
    );
  }
  const lead = byName.get(LEAD_TOOL);
  if (lead) {
    audit.check(
      area,
      'tools.annotations.start_conversation',
      `${LEAD_TOOL} is annotated as non-read-only`,
      lead.annotations?.readOnlyHint !== true,
      {
        expected: 'annotations.readOnlyHint false',
        got: JSON.stringify(lead.annotations ?? {}),
        fix: `${LEAD_TOOL} writes a lead: do not mark it read-only.`,
      },
    );
  }
  const readOnlyWrong = tools.filter(
    (tool) => tool.name !== LEAD_TOOL && tool.name in CONTRACT_TOOLS && tool.annotations?.readOnlyHint === false,
  );
  audit.check(
    area,
    'tools.annotations.read-only',
    'the read tools are not annotated as writing',
    readOnlyWrong.length === 0,
    {
      expected: 'readOnlyHint true (or absent) on the read tools',
      got: readOnlyWrong.map((tool) => tool.name).join(', '),
      fix: 'Annotate the read tools with readOnlyHint: true.',
    },
  );

  const paths = await sitemapPaths(audit);
  const facts = { pagePath: paths.find((path) => path !== '/') ?? '/', word: await searchWord(audit) };
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: false }));
  let id = 100;
  for (const tool of tools) {
    if (tool.name === LEAD_TOOL) {
      await checkTestLead(audit, tool, headers);
    } else {
      const args = validArguments(tool, facts);
      const { response, body } = await post(
        audit,
        request((id += 1), 'tools/call', { name: tool.name, arguments: args }),
        headers,
      );
      const result = resultOf(body);
      const text = toolText(result);
      audit.check(
        area,
        `tools.call.${tool.name}`,
        `${tool.name} with valid arguments returns content`,
        response.status === 200 && result !== undefined && result.isError !== true && text.length > 0,
        {
          expected: `HTTP 200, a result with text content and no isError, for arguments ${JSON.stringify(args)}`,
          got: shown(response),
          fix: `Make ${tool.name} answer these arguments, or describe in its inputSchema what it accepts.`,
        },
      );
      if (tool.outputSchema && result && result.isError !== true) {
        let problem: string | undefined;
        try {
          const validate = ajv.compile(tool.outputSchema);
          if (!isObject(result.structuredContent)) problem = 'no structuredContent object';
          else if (!validate(result.structuredContent)) problem = ajv.errorsText(validate.errors);
        } catch (error) {
          problem = `outputSchema does not compile: ${(error as Error).message}`;
        }
        audit.check(
          area,
          `tools.output.${tool.name}`,
          `${tool.name}: structuredContent matches its outputSchema`,
          problem === undefined,
          {
            expected: 'structuredContent conforming to the declared outputSchema (MCP 2025-06-18+)',
            got: problem,
            fix: 'Return structuredContent that the outputSchema describes, or fix the schema.',
          },
        );
      }
    }
    const invalid = invalidArguments(tool);
    if (!invalid) {
      audit.skip(
        area,
        `tools.invalid.${tool.name}`,
        `${tool.name} with invalid arguments`,
        'its inputSchema accepts any arguments',
      );
      continue;
    }
    const { response, body } = await post(
      audit,
      request((id += 1), 'tools/call', { name: tool.name, arguments: invalid }),
      headers,
    );
    const result = resultOf(body);
    const error = errorOf(body);
    audit.check(
      area,
      `tools.invalid.${tool.name}`,
      `${tool.name} with invalid arguments: a tool error that says what to do`,
      response.status === 200 && result?.isError === true && toolText(result).length > 0,
      {
        expected: `HTTP 200, result.isError true with a message, for arguments ${JSON.stringify(invalid)}`,
        got: error ? `JSON-RPC error ${String(error.code)}: ${excerpt(String(error.message))}` : shown(response),
        fix: 'The contract reports tool failures as result.isError (HTTP 200) with a message saying what to do next.',
      },
    );
  }
}

async function checkTestLead(audit: Audit, tool: Tool, headers: Record<string, string>): Promise<void> {
  const title = `${LEAD_TOOL} files a lead (one marked test lead)`;
  if (!audit.options.fileTestLead) {
    audit.skip(
      'tools',
      `tools.call.${LEAD_TOOL}`,
      title,
      'not called: it files a real lead. Run with --file-test-lead to file one clearly marked test lead.',
    );
    return;
  }
  const stamp = new Date().toISOString();
  const args = {
    name: 'TEST LEAD from npm run audit',
    email: 'agent-interface-audit@example.com',
    company: 'TEST - agent interface audit',
    message: `TEST LEAD, please ignore. Filed by "npm run audit -- --file-test-lead" at ${stamp} to verify that start_conversation reaches the lead pipeline. No reply is needed.`,
  };
  const { response, body } = await post(
    audit,
    request('test-lead', 'tools/call', { name: tool.name, arguments: args }),
    headers,
  );
  const result = resultOf(body);
  audit.check(
    'tools',
    `tools.call.${LEAD_TOOL}`,
    title,
    response.status === 200 && result !== undefined && result.isError !== true,
    {
      expected: 'HTTP 200, a result without isError (the lead was filed)',
      got: shown(response),
      fix: 'Check the lead pipeline (docs/deploy.md: lead storage and notification).',
    },
  );
}
