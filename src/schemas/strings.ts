/**
 * The site's translation files: `content/strings.yaml` for the default language and
 * `content/<code>/strings.yaml` for each other language in company.yaml's `languages`. Every
 * text the site, the Markdown, the discovery files, the contact form, the tools and the prompts
 * show in a language is a key here, one section per part of the site (src/schemas/strings/).
 * Every file must have every key and no other: the build names a missing or unknown key with
 * the file, the key and the default language's text.
 */
import type { z } from 'zod';
import { z as zod } from 'zod';
import { contactStrings } from './strings/contact.ts';
import { contentStrings } from './strings/content.ts';
import { languageStrings } from './strings/language.ts';
import { listingStrings } from './strings/listings.ts';
import { llmsStrings } from './strings/llms.ts';
import { markdownStrings } from './strings/markdown.ts';
import { mcpStrings } from './strings/mcp.ts';
import { searchStrings } from './strings/search.ts';
import { pageStrings } from './strings/pages.ts';
import { siteStrings } from './strings/site.ts';

export const stringsSchema = zod.strictObject({
  /** The language itself. */
  language: languageStrings,
  /** Listings and filter pages. */
  listings: listingStrings,
  /** The content's components (callouts, the retention period). */
  content: contentStrings,
  /** Labels every page shows in HTML and Markdown alike. */
  pages: pageStrings,
  /** Sentences only the pages' Markdown siblings say. */
  markdown: markdownStrings,
  /** llms.txt and llms-full.txt. */
  llms: llmsStrings,
  /** The contact form, its answers and start_conversation's messages. */
  contact: contactStrings,
  /** Texts only the HTML pages show: chrome, contact bands, pager, 404, the language switcher. */
  site: siteStrings,
  /** The MCP server's read tools: text answers' headings and tool errors. */
  mcp: mcpStrings,
  /** The language's search vocabulary: optional, the one section a file may leave out. */
  search: searchStrings.optional(),
});

/** One language's translation file, validated. */
export type Strings = z.output<typeof stringsSchema>;

/** The file holding `language`'s strings: `content/strings.yaml` for the default language. */
export function stringsFile(language: string, defaultLanguage: string): string {
  return language === defaultLanguage ? 'content/strings.yaml' : `content/${language}/strings.yaml`;
}
