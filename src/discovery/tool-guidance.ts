/**
 * What every agent-facing text says about the tools: which ones only read public content, which
 * one acts, and the consent rule for acting. llms.txt, the agent skill and /mcp.md use these
 * sentences, so the rule is worded once. Tools are told apart by their `readOnlyHint`
 * annotation, not by name, so a renamed or added tool is described correctly.
 */
import type { PhrasingContent } from 'mdast';
import { md } from '../markdown/mdast.ts';
import type { ToolDescriptor } from '../mcp/tools/tool-descriptor.ts';
import type { Company } from '../schemas/company.ts';
import { inlineCode, textWithLinks } from './doc-blocks.ts';

/** Tools that return public content only. */
export function readOnlyTools(tools: readonly ToolDescriptor[]): ToolDescriptor[] {
  return tools.filter((tool) => tool.annotations.readOnlyHint);
}

/** Tools that do something on the company's side (file a contact request). */
export function actionTools(tools: readonly ToolDescriptor[]): ToolDescriptor[] {
  return tools.filter((tool) => !tool.annotations.readOnlyHint);
}

/**
 * `- `name`: description` items for an `md.list`; `brief` keeps only the description's first
 * sentence (for llms.txt, where the tools are an overview).
 */
export function toolItems(tools: readonly ToolDescriptor[], options: { brief?: boolean } = {}): PhrasingContent[][] {
  return tools.map((tool) => [
    inlineCode(tool.name),
    ...textWithLinks(`: ${options.brief ? firstSentence(tool.description) : oneLine(tool.description)}`),
  ]);
}

/** The consent rule for one acting tool, as phrasing content. */
export function consentRule(company: Company, tool: ToolDescriptor): PhrasingContent[] {
  const fields = Object.keys((tool.inputSchema.properties as Record<string, unknown> | undefined) ?? {});
  const details = fields.length ? `the details it sends (${fields.join(', ')})` : 'the details it sends';
  return [
    inlineCode(tool.name),
    md.text(
      ` contacts ${company.name}'s team on the user's behalf. Call it only when the user has explicitly asked ${company.name} to get in touch ` +
        `and has consented to sharing ${details}; never call it on your own initiative, to test it, or to ask a question the read tools can answer.`,
    ),
  ];
}

/** A description on one line (tool descriptions may be wrapped in the source). */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The first sentence: up to the first `.`, `!` or `?` followed by a space and a capital letter or the end. */
export function firstSentence(text: string): string {
  const line = oneLine(text);
  const match = /^.+?[.!?](?=\s+[A-Z"`(]|$)/.exec(line);
  return match ? match[0] : line;
}
