/**
 * The contact form as a WebMCP tool, declared the draft's declarative way: attributes on the
 * <form> (`toolname`, `tooldescription`) and on its fields (`toolparamdescription`), from which
 * a browser with WebMCP builds the tool's input schema. An agent in the visitor's browser fills
 * the same form a person does; without `toolautosubmit` the browser then focuses the submit
 * button and the person sends it (or not). See docs/mcp-design.md, "WebMCP".
 *
 * The name is start_conversation's: it is the same request through another door (the MCP tool
 * is not registered in the page as an imperative tool). The field descriptions are the MCP
 * tool's (LEAD_FIELD_DESCRIPTIONS); the description is made from the company's facts, so a
 * second company's build carries nothing of the sample company.
 */
import { repliesClause, type FollowUp } from '../leads/follow-up.ts';
import { LEAD_FIELD_DESCRIPTIONS } from '../leads/schema.ts';

/** The tool's name: the MCP tool that files the same request (tests check it is on TOOLS). */
export const CONTACT_TOOL_NAME = 'start_conversation';

/** What the form's tool declaration carries. */
export interface ContactToolDeclaration {
  name: string;
  description: string;
  /** `toolparamdescription` of each field. */
  fields: Record<keyof typeof LEAD_FIELD_DESCRIPTIONS | 'consent', string>;
}

/**
 * The declaration of a contact page's form. The descriptions are for agents and in the default
 * language (`site.followUp` is the default language's); the consent field quotes the statement
 * the page shows, in the page's language, since that is what the user agrees to.
 */
export function contactToolDeclaration(
  site: { name: string; followUp: FollowUp },
  consentStatement: string,
): ContactToolDeclaration {
  return {
    name: CONTACT_TOOL_NAME,
    description:
      `Fills in the contact form that sends the user's request to ${site.name}; ` +
      `${repliesClause(site.followUp)} to the address given. The user reviews the filled form and sends it ` +
      'themselves; the answer is the reference of the request, or what to correct. ' +
      `Use it ONLY when the user has asked to get in touch with ${site.name}, with details the user gave you.`,
    fields: {
      ...LEAD_FIELD_DESCRIPTIONS,
      consent:
        `True only if the user agrees to this statement: "${consentStatement}" ` +
        'The request cannot be sent without it.',
    },
  };
}
