/**
 * The tool descriptors tools/list advertises, made at build time from the site's facts: the
 * build puts them in the function's head (src/build/agent-artefacts.ts), and the discovery docs are
 * generated from them. The tool modules are imported here statically (the build cannot load
 * modules on demand); the function loads them on demand through index.ts, whose list of names
 * this checks.
 */
import type { ToolInfo } from '../../artefacts/schema.ts';
import * as z from '../../zod.ts';
import type { JsonSchema, ToolDescriptor } from './tool-descriptor.ts';
import type { ToolSpec } from './define-tool.ts';
import type { ToolDependencies } from './dependencies.ts';
import { getCompanyProfileTool } from './get-company-profile.ts';
import { getPageMarkdownTool } from './get-page-markdown.ts';
import { TOOL_NAMES } from './index.ts';
import { listCaseStudiesTool } from './list-case-studies.ts';
import { listInsightsTool } from './list-insights.ts';
import { searchSiteTool } from './search-site.ts';
import { startConversationTool } from './start-conversation.ts';

/**
 * JSON Schema of a zod schema, without `$schema`: MCP reads schemas without one as draft
 * 2020-12, and clients whose validators default to draft-07 (the SDK's Ajv) then still accept
 * them. Only keywords common to both drafts are produced for these schemas.
 */
export function jsonSchemaOf(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'throw' }) as JsonSchema;
  return rest;
}

/** The descriptor tools/list advertises for a tool. */
export function describeTool(spec: ToolSpec): ToolDescriptor {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: jsonSchemaOf(spec.input, 'input'),
    outputSchema: jsonSchemaOf(spec.output(), 'output'),
    annotations: { title: spec.title, ...spec.annotations },
  };
}

const FACTORIES = [
  getCompanyProfileTool,
  getPageMarkdownTool,
  listCaseStudiesTool,
  listInsightsTool,
  searchSiteTool,
  startConversationTool,
];

/** Dependencies for describing tools: nothing may be read or filed then. */
const DESCRIBING: ToolDependencies = {
  artefacts: new Proxy({} as ToolDependencies['artefacts'], {
    get: () => {
      throw new Error('A tool read an artefact while being described; tool specs may read artefacts only when called.');
    },
  }),
};

export function describeTools(info: ToolInfo): ToolDescriptor[] {
  const descriptors = FACTORIES.map((factory) => describeTool(factory(info, DESCRIBING)));
  const names = descriptors.map((descriptor) => descriptor.name);
  if (names.join() !== TOOL_NAMES.join()) {
    throw new Error(
      `src/mcp/tools/describe.ts describes ${names.join(', ')} but the function loads ${TOOL_NAMES.join(', ')} (index.ts): list the same tools in the same order.`,
    );
  }
  return descriptors;
}
