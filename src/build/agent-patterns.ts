/**
 * The data the traffic record classifies User-Agents with (src/traffic/classify.ts), made at
 * build time from two maintained lists, so that neither the function nor the edge function
 * loads a package for it and no list is written here:
 *
 * - `crawler-user-agents`: every pattern, its family (the text the pattern matches in the
 *   list's own first example, "GPTBot"; the pattern without its regular-expression marks when
 *   there is no example) and its class, from the list's tags:
 *   - tagged `ai-crawler`: an AI assistant fetching for a user when its family is a `…User`
 *     fetcher (ChatGPT-User, Claude-User, Perplexity-User, MistralAI-User: the operators' own
 *     naming for user-initiated fetches), a `…fetcher`, tagged `browser-automation` (an agent
 *     driving a browser), or described as an assistant and not tagged `search-engine`; else an AI search or answer engine when also tagged
 *     `search-engine` or its family says `Search`; else an AI training crawler;
 *   - tagged `search-engine` (and not `ai-crawler`): a search engine;
 *   - anything else the list has (SEO, monitoring, feed readers, HTTP libraries, …): another bot;
 * - `isbot`: its one pattern, for bots neither list names.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AgentPattern, AgentPatterns } from '../traffic/classify.ts';
import { familyName } from '../traffic/classify.ts';
import type { ClientClass } from '../traffic/model.ts';
import type { McpNames } from '../traffic/mcp-notes.ts';
import type { Head } from '../artefacts/schema.ts';
import { METHODS, NOTIFICATIONS } from '../mcp/methods.ts';
import { headPromptCatalog } from '../mcp/prompt-catalog.ts';

const require = createRequire(import.meta.url);

interface CrawlerEntry {
  pattern: string;
  instances?: string[];
  tags?: string[];
  description?: string;
}

/** The class of a crawler-user-agents entry (see the module comment). */
export function crawlerClass(family: string, tags: readonly string[], description = ''): ClientClass {
  if (tags.includes('ai-crawler')) {
    if (
      /-?user$/i.test(family) ||
      /fetcher/i.test(family) ||
      tags.includes('browser-automation') ||
      (/\bassistant\b/i.test(description) && !tags.includes('search-engine'))
    )
      return 'ai-assistant';
    if (tags.includes('search-engine') || /search/i.test(family)) return 'ai-search';
    return 'ai-training';
  }
  if (tags.includes('search-engine')) return 'search-engine';
  return 'other-bot';
}

/** The family an entry names: what its pattern matches in its first example, else the pattern's plain text. */
function familyOf(entry: CrawlerEntry): string {
  const regex = new RegExp(entry.pattern);
  const matches = (entry.instances ?? []).flatMap((instance) => {
    const match = regex.exec(instance);
    return match && match[0].trim() ? [{ text: match[0], token: instance[match.index + match[0].length] === '/' }] : [];
  });
  // The spelling the crawler uses as its product token ("ClaudeBot/1.0", not "claudebot@…"); a
  // long match ("Spider … spider.com") is cut to its first word.
  const best = matches.find((match) => match.token) ?? matches[0];
  if (best) {
    const text = best.text.replace(/[/;(),\s]+$/, '');
    return familyName(text.length > 30 ? text.split(/[\s;(]/)[0]! : text);
  }
  return familyName(entry.pattern.replace(/\\[/.]/g, '').replace(/[\\^$[\]().*+?|{}]/g, ''));
}

/** An installed package's version, from the package.json beside its main file (neither list exports it). */
function packageVersion(name: string): string {
  let folder = path.dirname(require.resolve(name));
  while (!existsSync(path.join(folder, 'package.json')) && path.dirname(folder) !== folder)
    folder = path.dirname(folder);
  return (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The classifier's data from the installed lists. */
export function agentPatterns(): AgentPatterns {
  const entries = require('crawler-user-agents') as CrawlerEntry[];
  const isbot = require('isbot') as { getPattern: () => RegExp };
  const patterns: AgentPattern[] = entries.map((entry) => {
    const family = familyOf(entry);
    return [entry.pattern, family, crawlerClass(family, entry.tags ?? [], entry.description)];
  });
  return {
    source: `crawler-user-agents ${packageVersion('crawler-user-agents')}, isbot ${packageVersion('isbot')}`,
    bot: isbot.getPattern().source,
    patterns,
  };
}

/** Where the build writes the traffic edge function's data, which it bundles. */
export const TRAFFIC_DATA_FILE = '.generated/traffic-data.ts';

/** What the MCP server answers to, for the record's targets: its tools, prompts and methods, and the base URL. */
export function mcpNames(head: Head): McpNames {
  return {
    tools: head.tools.map((tool) => tool.name),
    prompts: Object.keys(headPromptCatalog(head)),
    methods: [...Object.keys(METHODS), ...NOTIFICATIONS],
    baseUrl: head.site.baseUrl,
  };
}

/** The module the traffic edge function imports: the classifier's data and the server's names. */
export function trafficDataModule(head: Head): string {
  const data = { patterns: agentPatterns(), names: mcpNames(head) };
  return `// Made by the build (src/build/agent-patterns.ts). Do not edit.\nexport default ${JSON.stringify(data)};\n`;
}

/**
 * The files that hand the build's traffic key to the edge function (a module it bundles) and to
 * the ingest function (JSON it bundles): the same random value, made by each build.
 */
export function trafficKeyFiles(key: string): { path: string; body: string }[] {
  return [
    {
      path: '.generated/traffic-key.ts',
      body: `// Made by the build (src/build/agent-patterns.ts). Do not edit or publish.\nexport default ${JSON.stringify(key)};\n`,
    },
    { path: '.generated/traffic-key.json', body: JSON.stringify({ key }) },
  ];
}
