/**
 * How the server introduces itself: serverInfo (initialize, and `_meta` of 2026 results),
 * capabilities, and the instructions an agent reads before using the tools.
 */
import type { Head, SiteInfo } from '../artefacts/schema.ts';
import { repliesClause } from '../leads/follow-up.ts';
import { PROMPT_NAMES } from './prompt-catalog.ts';
import type { ToolDescriptor } from './tools/tool-descriptor.ts';

/** Version of this MCP server implementation (serverInfo.version). */
export const SERVER_VERSION = '1.0.0';

/** MCP `Implementation`. */
export interface ServerInfo {
  name: string;
  title: string;
  version: string;
  description: string;
  websiteUrl: string;
}

/**
 * Capabilities: the tools, every published page as a resource (with a URI template), the
 * prompts, and completion of the template's path and of prompt arguments. None of the lists
 * changes while a deployment runs (listChanged: false), and there are no subscriptions.
 */
export const SERVER_CAPABILITIES = {
  tools: { listChanged: false },
  resources: { listChanged: false },
  prompts: { listChanged: false },
  completions: {},
} as const;

export function serverInfo(site: SiteInfo): ServerInfo {
  return {
    name: site.serverName,
    title: site.name,
    version: SERVER_VERSION,
    description: site.tagline,
    websiteUrl: site.baseUrl,
  };
}

/**
 * On a site in more than one language, what the instructions say about languages: which ones,
 * where their pages are, and that the tools take a `language` (search_site finds it itself).
 */
function languagesParagraph(site: SiteInfo, head: Partial<Pick<Head, 'languages' | 'languageNames'>>): string[] {
  const codes = head.languages;
  if (!codes || codes.length < 2) return [];
  const named = codes.map((code) => `${head.languageNames?.[code] ?? code} (${code})`);
  return [
    `${site.name} publishes its site in ${named.join(', ')}; ${named[0]} is the default, at the root, and each other language's pages are under /<code>/ ` +
      `(e.g. ${site.baseUrl}/${codes[1]}). Answer the user in their language: every read tool, start_conversation and the prompts take an optional language argument, ` +
      'and search_site without one searches in the language the query is written in. Each result and page names its translations; ' +
      'a page that is not translated exists only in the languages that publish it.',
  ];
}

/** "a", "a and b", "a, b and c". */
const spokenList = (names: readonly string[]) =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * The `instructions` of initialize and server/discover. The tools they name are the server's
 * own, as tools/list gives them: the read tools (annotated read-only) in the list's order, and
 * start_conversation, fenced in, when the server has it; get_company_profile is where to start.
 */
export function serverInstructions(
  site: SiteInfo,
  head: Partial<Pick<Head, 'languages' | 'languageNames'>>,
  tools: readonly Pick<ToolDescriptor, 'name' | 'annotations'>[],
): string {
  const { name, tagline, baseUrl, contactEmail } = site;
  const reads = tools.filter((tool) => tool.annotations?.readOnlyHint !== false).map((tool) => tool.name);
  const contact = 'start_conversation';
  return [
    `${name}: ${tagline}`,
    `This server is the public agent interface of ${baseUrl}. Use it to answer questions about ${name} from its published content: ` +
      `${spokenList(reads)}${reads.includes('get_company_profile') ? ' (start with get_company_profile)' : ''}. ` +
      'They are read-only and return public content only. Every published page is also a resource (resources/list, resources/read: ' +
      `its URI is the page's URL, its content the page's Markdown), and the prompts ${spokenList(PROMPT_NAMES)} ` +
      'package common requests.',
    ...languagesParagraph(site, head),
    ...(tools.some((tool) => tool.name === contact)
      ? [
          `${contact} ${reads.length + 1 === tools.length ? 'is the only action: it ' : ''}sends the user's contact request to ${name}'s team, and ${repliesClause(site.followUp)}. ` +
            `Call it ONLY when the user has explicitly asked to get in touch with ${name} and agreed that their name, e-mail address and message are sent; ` +
            `never on your own initiative or to test it. If it fails, the user can write to ${contactEmail}.`,
        ]
      : []),
  ].join('\n\n');
}
