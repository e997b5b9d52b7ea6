/**
 * The tools (the list is registry.ts). The build loads every module on it to describe the tools
 * (describe.ts); the function pairs each descriptor of its head with the module of the same name
 * and loads it on the tool's first call (`createTools`): a tool's schemas, and for
 * start_conversation the whole lead path, are evaluated then, not when the function starts.
 */
import type { Head, ToolInfo } from '../../artefacts/schema.ts';
import { once } from '../../once.ts';
import { toolCaller, type ArtefactErrorReporter, type Tool } from './define-tool.ts';
import type { ToolDependencies } from './dependencies.ts';
import { TOOLS } from './registry.ts';

export type { Tool, ToolResult } from './define-tool.ts';
export type { ToolDependencies } from './dependencies.ts';
export { TOOLS } from './registry.ts';

/** The tools' names, in tools/list's order. */
export const TOOL_NAMES: readonly string[] = TOOLS.map((tool) => tool.name);

/**
 * The tools for the function: the head's descriptors, each implemented on first call.
 * `reportArtefactError` gets a tool's unreadable artefact (one log line; the caller gets isError).
 */
export function createTools(
  head: Pick<Head, keyof ToolInfo | 'tools'>,
  dependencies: ToolDependencies,
  reportArtefactError: ArtefactErrorReporter,
): Tool[] {
  return head.tools.map((descriptor) => {
    const load = TOOLS.find((tool) => tool.name === descriptor.name)?.load;
    if (!load)
      throw new Error(
        `The head advertises a tool "${descriptor.name}" this code does not have: the head is from another version.`,
      );
    const implementation = once(async () => {
      const spec = (await load())(head, dependencies);
      if (spec.name !== descriptor.name)
        throw new Error(`Tool module for "${descriptor.name}" defines "${spec.name}".`);
      return toolCaller(spec, reportArtefactError);
    });
    return {
      descriptor,
      call: async (args, context) => (await implementation())(args, context),
    };
  });
}
