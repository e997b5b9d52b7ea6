/**
 * What the MCP server's read tools say in a language: their text answers' headings and their
 * tool errors (isError), in the language of the request (the `language` argument, the language
 * a search query is written in, or the language of the page path asked for). Tool names and
 * argument names stay as they are in every language: an agent calls them by name.
 */
import { z } from 'zod';
import { phrase, pluralPhrase } from './phrase.ts';

export const mcpStrings = z.strictObject({
  /** search_site's text answer, above its results. */
  searchResults: phrase(['query', 'returned', 'total']),
  /** search_site's answer when no page matches. */
  noResults: phrase(['query']),
  /** get_page_markdown's error for a path no page has. */
  noPage: phrase(['path', 'closest']),
  /** get_page_markdown's error when the page exists but not in the language asked for. */
  notTranslated: phrase(['path', 'language', 'available']),
  /** The list tools' headings: all case studies, those of one industry, all insights, those with one tag. */
  caseStudies: phrase([], 60),
  caseStudiesIn: phrase(['industry'], 100),
  insights: phrase([], 60),
  insightsTagged: phrase(['tag'], 100),
  /** The range a list answer shows, after its heading, e.g. "1-10 of 24, newest first". */
  range: phrase(['first', 'last', 'total'], 100),
  /** The range when the offset is past the end. */
  rangeNone: phrase(['total', 'offset'], 100),
  /** The last line of a list answer with more to come. */
  more: phrase(['tool', 'offset']),
  /** The list tools' error for a filter value the language does not publish. */
  unknownFilter: phrase(['argument', 'value', 'closest']),
  /** The prompt company_brief: what the user asks for. */
  promptBrief: phrase(['company', 'site']),
  /** The prompt relevant_work: the question, and what the industry or service asked about is called. */
  promptWork: phrase(['company', 'topic']),
  promptWorkIndustry: phrase(['name'], 100),
  promptWorkService: phrase(['name'], 100),
  /** Joins an industry and a service: "the Retail industry and the Cloud hosting service". */
  promptWorkBoth: phrase(['industry', 'service'], 200),
  /**
   * What it has published for it: nothing, some (all linked), more than are linked. The last
   * ones are count strings, their plural forms chosen by {count}, the case studies published.
   */
  promptWorkNone: phrase(['company', 'label']),
  promptWorkAll: pluralPhrase(['company', 'count', 'label']),
  promptWorkNewest: pluralPhrase(['company', 'count', 'label', 'shown']),
  /** The same, when the industry's list tool lists them all. */
  promptWorkNewestIndustry: pluralPhrase(['company', 'count', 'label', 'shown', 'industry']),
  /** What to do with the case studies linked. */
  promptWorkRead: phrase(),
  /** The prompt contact_request: its opening (without and with a topic), its four steps, the language line. */
  promptContact: phrase(['company']),
  promptContactAbout: phrase(['company', 'topic']),
  promptContactAsk: phrase(),
  promptContactShow: phrase(['company', 'followUp']),
  promptContactConsent: phrase(),
  promptContactReference: phrase(['email']),
  promptContactLanguage: phrase(['code']),
});
