/**
 * The tools (the list is registry.ts). The build loads every module on it to describe the tools
 * (describe.ts); the function pairs each descriptor of its head with the module of the same name
 * and loads it on the tool's first call (`createTools`): a tool's schemas are evaluated then, not
 * when the function starts, and start_conversation's module comes with the lead path, which the
 * function loads apart from its entry on the first call (registry.ts).
 */
import type { Head, ToolInfo } from '../../artefacts/schema.ts';
import { once } from '../../once.ts';
import { logError } from '../../log.ts';
import { errorResult, toolCaller, type ArtefactErrorReporter, type Tool } from './define-tool.ts';
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
  const reportLoadFailure =
    dependencies.onError ?? ((error: unknown) => logError('mcp: a tool module could not be loaded', error));
  return head.tools.map((descriptor) => {
    const load = TOOLS.find((tool) => tool.name === descriptor.name)?.load;
    if (!load)
      throw new Error(
        `The head advertises a tool "${descriptor.name}" this code does not have: the head is from another version.`,
      );
    const implementation = once(async () => {
      const spec = (await load(dependencies))(head, dependencies);
      if (spec.name !== descriptor.name)
        throw new Error(`Tool module for "${descriptor.name}" defines "${spec.name}".`);
      return toolCaller(spec, reportArtefactError);
    });
    return {
      descriptor,
      call: async (args, context) => {
        let call: Tool['call'];
        try {
          call = await implementation();
        } catch (error) {
          // A module that cannot be loaded (start_conversation without the lead path, or a
          // deployment missing its file) is this deployment's problem: the caller learns that
          // nothing was done and where to write; the next call tries the load again.
          reportLoadFailure(error);
          return errorResult(
            `${descriptor.name} cannot run on this deployment right now, so nothing was done or sent. ` +
              `Try again later; for anything urgent, write to ${head.site.contactEmail}.`,
          );
        }
        return call(args, context);
      },
    };
  });
}
