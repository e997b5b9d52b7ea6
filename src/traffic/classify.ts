/**
 * Who sent a request, from its User-Agent header, in the classes of model.ts. The patterns are
 * not written here: the build takes them from two maintained lists (src/build/agent-patterns.ts)
 * and hands them over as data:
 *
 * - `crawler-user-agents` (a pattern, an example and tags per known crawler): a match names the
 *   family (the crawler's own token, "GPTBot") and its tags give the class;
 * - `isbot` (one pattern for bots in general): a User-Agent no crawler pattern matches but isbot
 *   does is another bot, named by its product token ("curl", "python-httpx").
 *
 * Anything else is a browser, named by its engine's usual name ("Chrome", "Firefox"). Only the
 * class and the short family name leave this module; the User-Agent string itself is never kept
 * (a small cache of recent answers, in memory only, avoids matching the same string twice).
 */
import type { Client, ClientClass } from './model.ts';
import { removePersonalData } from './normalise.ts';

/** A crawler pattern, as the build hands it over: [regular expression source, family, class]. */
export type AgentPattern = [string, string, ClientClass];

export interface AgentPatterns {
  /** Where the patterns come from ("crawler-user-agents 1.60.0, isbot 5.2.3"), for the report. */
  source: string;
  /** isbot's pattern source (matched case-insensitively, as isbot does). */
  bot: string;
  patterns: AgentPattern[];
}

/** When two crawler patterns match one User-Agent, the more specific class wins. */
const CLASS_ORDER: readonly ClientClass[] = ['ai-assistant', 'ai-search', 'ai-training', 'search-engine', 'other-bot'];

/** How many User-Agent strings the classifier remembers (memory only). */
const CACHE_SIZE = 256;

/**
 * A family name as the record keeps it: letters, digits and a few marks, at most 40 characters,
 * without anything shaped like personal data (an MCP client declares its own name, which can be
 * anything: "jan@example.nl" is kept as "unnamed").
 */
export function familyName(name: string): string {
  const cleaned = removePersonalData(name)
    .replace(/[^\p{L}\p{N} ._@/+-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40)
    .trim();
  return cleaned || 'unnamed';
}

/** The product token of a bot that no crawler pattern names: "curl/8.5" -> "curl". */
function productToken(userAgent: string): string {
  const compatible = /compatible;\s*([A-Za-z][\w.-]{0,39})/.exec(userAgent);
  if (compatible) return familyName(compatible[1]!);
  const first = /^\s*([A-Za-z][\w.-]{0,39})/.exec(userAgent);
  return first ? familyName(first[1]!) : 'unnamed';
}

/** A browser's usual name from its User-Agent (the engines' own tokens). */
function browserFamily(userAgent: string): string {
  if (/\bEdg(?:e|A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/\b(?:OPR|Opera)\//.test(userAgent)) return 'Opera';
  if (/\b(?:Firefox|FxiOS)\//.test(userAgent)) return 'Firefox';
  if (/\b(?:Chrome|Chromium|CriOS)\//.test(userAgent)) return 'Chrome';
  if (/\bSafari\//.test(userAgent)) return 'Safari';
  return 'other browser';
}

export type Classifier = (userAgent: string | null | undefined) => Client;

export function createClassifier(data: AgentPatterns): Classifier {
  const compiled = data.patterns.map(([source, family, clientClass]) => ({
    regex: new RegExp(source),
    client: { class: clientClass, family } satisfies Client,
  }));
  // One alternation first: most requests match no crawler, and one test of the union is much
  // cheaper than a thousand tests.
  const any = new RegExp(data.patterns.map(([source]) => `(?:${source})`).join('|'));
  const bot = new RegExp(data.bot, 'i');
  const cache = new Map<string, Client>();

  const decide = (userAgent: string): Client => {
    if (any.test(userAgent)) {
      let best: Client | undefined;
      for (const { regex, client } of compiled) {
        if (!regex.test(userAgent)) continue;
        if (
          !best ||
          CLASS_ORDER.indexOf(client.class) < CLASS_ORDER.indexOf(best.class) ||
          (client.class === best.class && client.family.length > best.family.length)
        )
          best = client;
      }
      if (best) return best;
    }
    if (bot.test(userAgent)) return { class: 'other-bot', family: productToken(userAgent) };
    return { class: 'browser', family: browserFamily(userAgent) };
  };

  return (userAgent) => {
    const text = (userAgent ?? '').trim();
    if (!text) return { class: 'other-bot', family: 'no user agent' };
    let client = cache.get(text);
    if (client) {
      // Most recently used last, so the oldest is the first to go.
      cache.delete(text);
    } else {
      client = decide(text);
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(text, client);
    return client;
  };
}
