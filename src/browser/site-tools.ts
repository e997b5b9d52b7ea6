/**
 * Registers the site's read tools with WebMCP (`modelContext.registerTool`, on `document` in the
 * current draft and on `navigator` in the earlier one: webmcp.ts picks), exactly as
 * the MCP server describes them: /webmcp-tools.json is made at build time from the server's own
 * tool descriptors (src/discovery/webmcp-tools.ts). Each tool's execute posts a JSON-RPC
 * `tools/call` to the MCP endpoint and returns its result unchanged, so an agent in the browser
 * gets what an MCP client gets. Same origin only: the file and the endpoint are the site's.
 *
 * On a multilingual site the read tools take an optional `language` (an enum of the site's
 * languages): a call that names none gets the page's own language (`<html lang>`), so an agent on
 * a Dutch page reads Dutch unless it asks otherwise.
 *
 * Also keeps fields hidden from people (inside `aria-hidden="true"`, the contact form's spam
 * trap) out of declaratively declared forms: such a field is disabled, which takes it out of
 * the form tool's input schema (Chromium rebuilds the schema) and out of what the form sends.
 *
 * Browser code: imports only types and foundation code (.dependency-cruiser.mjs, layer browser).
 */
import { META } from '../mcp-meta.ts';
import { WEBMCP_TOOLS_PATH, type WebMcpToolDefinition, type WebMcpToolsFile } from '../site/webmcp-tools.ts';

/** How the page's WebMCP tools name themselves to the MCP server. */
export const WEBMCP_CLIENT = { name: 'webmcp', version: '1.0.0' } as const;

/**
 * What this script uses of WebMCP's ModelContext: `registerTool`, the same in both drafts. With
 * WebMCPTesting, Chromium 156's returns a Promise that rejects on a duplicate or invalid name, and
 * 150's (the same object on `document` and `navigator`) returns nothing and throws; both hand a
 * tool's `execute` its input as an object (docs/mcp-design.md, "WebMCP").
 */
export interface ModelContextLike {
  registerTool(
    tool: WebMcpToolDefinition & { execute: (input: object) => Promise<unknown> },
  ): Promise<undefined> | undefined;
}

declare global {
  interface Document {
    /** WebMCP (current draft): present only in browsers that implement it. */
    readonly modelContext?: ModelContextLike;
  }
  interface Navigator {
    /** WebMCP (earlier draft): where browsers and agent runtimes built on it expose the same API. */
    readonly modelContext?: ModelContextLike;
  }
}

/** An MCP tool result saying what went wrong, the way the MCP server reports a tool failure. */
const failure = (text: string) => ({ content: [{ type: 'text', text }], isError: true });

let nextId = 1;

/** Calls one tool on the site's MCP endpoint: its `result`, or a failure result saying why not. */
async function callTool(file: WebMcpToolsFile, name: string, input: object): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(file.endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': file.protocolVersion,
      },
      // Named, so the site's traffic record tells WebMCP calls from other MCP clients (docs/traffic.md).
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: nextId++,
        method: 'tools/call',
        params: { name, arguments: input, _meta: { [META.clientInfo]: WEBMCP_CLIENT } },
      }),
    });
  } catch {
    return failure(
      `The site's MCP endpoint (${file.endpoint}) could not be reached; check the connection and try again.`,
    );
  }
  const answer = (await response.json().catch(() => undefined)) as
    { result?: unknown; error?: { message?: string } } | undefined;
  if (answer?.result !== undefined) return answer.result;
  const reason = answer?.error?.message ?? `HTTP ${response.status}`;
  return failure(`${name} failed: ${reason}`);
}

/**
 * `input` with `language: <the page's language>` added when the tool takes a `language` whose
 * enum has that language and the caller named none; otherwise `input` itself.
 */
export function withPageLanguage(tool: Pick<WebMcpToolDefinition, 'inputSchema'>, input: object, lang: string): object {
  const property = (tool.inputSchema.properties as Record<string, { enum?: unknown }> | undefined)?.language;
  if (!lang || !Array.isArray(property?.enum) || !property.enum.includes(lang)) return input;
  return (input as { language?: unknown }).language === undefined ? { ...input, language: lang } : input;
}

/** Disables fields hidden from people in forms declared as WebMCP tools (see the header). */
function hideTrapsFromAgents(): void {
  for (const field of document.querySelectorAll<HTMLInputElement>('form[toolname] [aria-hidden="true"] input'))
    field.disabled = true;
}

export async function offerSiteTools(modelContext: ModelContextLike): Promise<void> {
  hideTrapsFromAgents();
  const response = await fetch(WEBMCP_TOOLS_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) return;
  const file = (await response.json()) as WebMcpToolsFile;
  await Promise.all(
    file.tools.map(async (tool) => {
      try {
        await modelContext.registerTool({
          ...tool,
          execute: (input) => callTool(file, tool.name, withPageLanguage(tool, input, document.documentElement.lang)),
        });
      } catch {
        // Already registered (the page registered it itself) or refused by the browser: the
        // other tools still count.
      }
    }),
  );
}
