/**
 * Sentences only a page's Markdown sibling says (src/build/page-markdown.ts): the home page's
 * paragraph for agents, a service page's line to every case study and the pager. The labels a page shows in HTML and
 * Markdown alike are in `pages`.
 */
import { z } from 'zod';
import { phrase, pluralPhrase } from './phrase.ts';

export const markdownStrings = z.strictObject({
  /** The home page's paragraph under "For AI agents": `{mcp}` the MCP server's URL, `{docs}` /mcp.md, `{llms}` this language's llms.txt (each a link). */
  forAgentsText: phrase(['mcp', 'docs', 'llms']),
  /** A service page's line under its case studies when it shows only the newest: `{newest}` is pages.newestOf, `{link}` the listing. */
  allCaseStudiesLine: phrase(['newest', 'link'], 200),
  /** After a filter line that shows only the most used filters: how many are left out (plural forms by {count}). */
  lessUsed: pluralPhrase(['count'], 80),
  /** A listing of more than one page: which page this is and which entries it shows. */
  pagePosition: phrase(['number', 'pages', 'first', 'last', 'total'], 120),
});
