/**
 * Every JSON-RPC method the server answers: in which protocol era, and what it returns. The
 * dispatcher answers exactly these (anything else is -32601), and the OpenAPI description and
 * /mcp.md list them from here.
 */
import { RESOURCE_PAGE_SIZE } from '../site/bounds.ts';
import type { Era } from './era.ts';
import { PROMPT_NAMES } from './prompt-catalog.ts';

export const METHODS = {
  initialize: { eras: ['legacy'], returns: 'the negotiated protocol version, capabilities and server info' },
  ping: { eras: ['legacy'], returns: 'an empty result' },
  'server/discover': {
    eras: ['modern'],
    returns: 'the supported protocol versions, capabilities, server info and instructions',
  },
  'tools/list': { eras: ['legacy', 'modern'], returns: 'the tools, with their input and output schemas' },
  'tools/call': { eras: ['legacy', 'modern'], returns: "a tool's result (a tool failure is a result with isError)" },
  'resources/list': {
    eras: ['legacy', 'modern'],
    returns: `every published page as a resource (its URL, title, description, text/markdown, size), ${RESOURCE_PAGE_SIZE} per page with nextCursor`,
  },
  'resources/read': { eras: ['legacy', 'modern'], returns: "a page's Markdown, byte for byte its .md sibling" },
  'resources/templates/list': { eras: ['legacy', 'modern'], returns: 'the page URI template {base}/{+path}' },
  'prompts/list': {
    eras: ['legacy', 'modern'],
    returns: `the prompts: ${PROMPT_NAMES.join(', ')}`,
  },
  'prompts/get': {
    eras: ['legacy', 'modern'],
    returns: "a prompt's messages, embedding or linking the pages it is about",
  },
  'completion/complete': {
    eras: ['legacy', 'modern'],
    returns: "up to 100 values for the page template's path or a prompt argument, with total and hasMore",
  },
} as const satisfies Record<string, { eras: readonly Era[]; returns: string }>;

export type MethodName = keyof typeof METHODS;

/** Notifications the protocol defines for a client to send; any notification gets 202 and no body. */
export const NOTIFICATIONS = ['notifications/initialized', 'notifications/cancelled'] as const;

/** The methods served in `era`, in the table's order. */
export function methodsOf(era: Era): MethodName[] {
  return (Object.keys(METHODS) as MethodName[]).filter((name) => (METHODS[name].eras as readonly Era[]).includes(era));
}

/** Whether `method` is served in `era`. */
export function isServed(method: string, era: Era): method is MethodName {
  return Object.hasOwn(METHODS, method) && methodsOf(era).includes(method as MethodName);
}
