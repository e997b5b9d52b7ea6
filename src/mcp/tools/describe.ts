/**
 * The tool descriptors tools/list advertises, made at build time from the site's facts: the
 * build puts them in the function's head (src/build/agent-artefacts.ts), and the discovery docs are
 * generated from them. The tools are those of the one list in index.ts, whose modules the
 * function loads on demand; the build loads them all once, when this module is first imported
 * (start_conversation's from its source file). The function never imports this module.
 */
import type { ToolInfo } from '../../artefacts/schema.ts';
import * as z from '../../zod.ts';
import type { JsonSchema, ToolDescriptor } from './tool-descriptor.ts';
import type { ToolSpec } from './define-tool.ts';
import type { ToolDependencies } from './dependencies.ts';
import { TOOLS } from './index.ts';

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

// Top-level await: describing stays synchronous for the build, which imports this module once.
// start_conversation's module from its source: the function gets it with the lead path (registry.ts).
const FACTORIES = await Promise.all(
  TOOLS.map(async ({ name, load }) => ({
    name,
    factory: await load({ leadPath: () => import('./start-conversation.ts') }),
  })),
);

/** Dependencies for describing tools: nothing may be read or filed then. */
const DESCRIBING: ToolDependencies = {
  artefacts: new Proxy({} as ToolDependencies['artefacts'], {
    get: () => {
      throw new Error('A tool read an artefact while being described; tool specs may read artefacts only when called.');
    },
  }),
};

/** The descriptor of every tool on the list, in its order. */
export function describeTools(info: ToolInfo): ToolDescriptor[] {
  return FACTORIES.map(({ name, factory }) => {
    const descriptor = describeTool(factory(info, DESCRIBING));
    if (descriptor.name !== name) {
      throw new Error(
        `src/mcp/tools/index.ts lists "${name}" but its module defines "${descriptor.name}": list each tool under the name its spec carries.`,
      );
    }
    return descriptor;
  });
}
