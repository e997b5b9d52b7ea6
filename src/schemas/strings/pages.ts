/**
 * Labels a page shows in its HTML and in its Markdown alike: the facts of an entry, the sections
 * of the home page, the filters and the pager. One key each, used by both (src/components and
 * src/build/page-markdown.ts), so the two forms of a page say the same thing.
 */
import { z } from 'zod';
import { phrase, pluralPhrase } from './phrase.ts';

export const pageStrings = z.strictObject({
  /** The navigation link and heading of the about page. */
  about: phrase([], 40),
  /** The navigation link and heading of the contact page. */
  contact: phrase([], 40),
  /** A case study's client. */
  client: phrase([], 40),
  /** A case study's industry. */
  industry: phrase([], 40),
  /** The services a case study delivered. */
  services: phrase([], 40),
  /** A case study's date. */
  date: phrase([], 40),
  /** A case study's measurable results. */
  outcomes: phrase([], 60),
  /** An insight's publication date. */
  published: phrase([], 40),
  /** An insight's author. */
  author: phrase([], 40),
  /** An insight's tags. */
  tags: phrase([], 40),
  /** The home page's section of the newest case studies. */
  recentCaseStudies: phrase([], 60),
  /** The home page's wall of client logos (the clients of content/clients/ that may be named), and its Markdown list. */
  clients: phrase([], 60),
  /** The home page's section of the newest insights. */
  recentInsights: phrase([], 60),
  /** The home page's section of the company's facts. */
  company: phrase([], 40),
  /** The company fact of where it is based. */
  basedIn: phrase([], 40),
  /** The company fact of when it was founded. */
  founded: phrase([], 40),
  /** The company fact of its team. */
  team: phrase([], 40),
  /** The section that tells agents about the MCP server, llms.txt and the Markdown pages. */
  forAgents: phrase([], 60),
  /** The line of industry filters on the case studies listing. */
  filterByIndustry: phrase([], 60),
  /** The line of tag filters on the insights listing. */
  filterByTag: phrase([], 60),
  /** The link from a filter page back to every case study. */
  allCaseStudies: phrase([], 60),
  /** The link from a filter page back to every insight. */
  allInsights: phrase([], 60),
  /** The pager's link to the previous page of a listing. */
  previousPage: phrase([], 40),
  /** The pager's link to the next page of a listing. */
  nextPage: phrase([], 40),
  /** A service page's list of its newest case studies when it has more than it shows; plural forms by {shown}. */
  newestOf: pluralPhrase(['shown', 'total'], 120),
});
