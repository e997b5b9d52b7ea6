/**
 * The site's translation files: `content/strings.yaml` for the default language and
 * `content/<code>/strings.yaml` for each other language in company.yaml's `languages`. Every
 * text the site, the Markdown, the discovery files, the contact form, the tools and the prompts
 * show in a language is a key here, one section per part of the site (src/schemas/strings/).
 * The schema is the template's strings as they are now, strict and complete (the editor at /admin/
 * writes whole files from it). A file a company wrote against an older template is brought to it
 * before it is checked (src/model/strings-fallback.ts): a missing key falls back to the default
 * language's text, or the template's English (strings/template.en.yaml), older forms are read as
 * the keys they became and unknown keys are ignored, each with a warning. A count string has
 * exactly the plural forms its language's `language.locale` uses (src/site/plural.ts): a missing
 * form, or one the language never uses, stops the build, named with the forms it needs and a
 * number for each, as does a value of the wrong type.
 */
import type { z } from 'zod';
import { z as zod } from 'zod';
import { describePluralForms, PLURAL_CATEGORIES, pluralCategories } from '../site/plural.ts';
import { isPluralPhrase } from './strings/phrase.ts';
import { actionStrings } from './strings/actions.ts';
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
import { teamStrings } from './strings/team.ts';
import { findStrings } from './strings/find.ts';

export const stringsSchema = zod
  .strictObject({
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
    /** The page actions: copy the page as Markdown, view it, open it in an AI assistant. */
    actions: actionStrings,
    /** The language's search vocabulary: optional, the one section a file may leave out. */
    search: searchStrings.optional(),
    /** The team page, its filters and each person's page. */
    team: teamStrings,
    /** The header's search box and the search page. */
    find: findStrings,
  })
  // Run even when other keys have problems, so one build names them all.
  .superRefine(checkPluralForms, { when: () => true });

/** Where the count strings are: `[section, key]` of every `pluralPhrase` field (docs/content.md lists them, "Plural forms"). */
export const PLURAL_PATHS: readonly (readonly [string, string])[] = Object.entries(stringsSchema.shape).flatMap(
  ([section, schema]) =>
    'shape' in schema
      ? Object.entries(schema.shape as Record<string, z.ZodType>)
          .filter(([, field]) => isPluralPhrase(field))
          .map(([key]) => [section, key] as const)
      : [],
);

/** The plural forms of every count string against the categories of the file's own `language.locale`. */
function checkPluralForms(value: unknown, context: z.RefinementCtx): void {
  const at = (keys: readonly string[]) =>
    keys.reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      value,
    );
  const locale = at(['language', 'locale']);
  if (typeof locale !== 'string') return;
  let needed: string[];
  try {
    needed = pluralCategories(locale);
  } catch {
    context.addIssue({
      code: 'custom',
      path: ['language', 'locale'],
      message: `"${locale}" is not a locale Intl can read: write a BCP 47 locale such as nl-NL or pt-PT`,
    });
    return;
  }
  for (const path of PLURAL_PATHS) {
    const forms = at(path);
    if (!forms || typeof forms !== 'object' || Array.isArray(forms)) continue;
    const written = Object.keys(forms);
    const missing = needed.filter((category) => !written.includes(category));
    const extra = written.filter((category) => !needed.includes(category) && isCategory(category));
    if (missing.length === 0 && extra.length === 0) continue;
    const problems = [
      ...(missing.length ? [`misses the plural form${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`] : []),
      ...(extra.length
        ? [
            `has the form${extra.length > 1 ? 's' : ''} ${extra.join(', ')}, which ${locale} never uses (remove ${extra.length > 1 ? 'them' : 'it'})`,
          ]
        : []),
    ];
    context.addIssue({
      code: 'custom',
      path: [...path],
      message: `${problems.join('; ')}: ${locale} (language.locale) needs exactly ${describePluralForms(locale)}`,
    });
  }
}

const CATEGORY_NAMES: ReadonlySet<string> = new Set(PLURAL_CATEGORIES);
const isCategory = (key: string) => CATEGORY_NAMES.has(key);

/** One language's translation file, validated. */
export type Strings = z.output<typeof stringsSchema>;

/** The file holding `language`'s strings: `content/strings.yaml` for the default language. */
export function stringsFile(language: string, defaultLanguage: string): string {
  return language === defaultLanguage ? 'content/strings.yaml' : `content/${language}/strings.yaml`;
}
