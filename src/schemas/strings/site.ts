/**
 * Texts only the HTML pages show (src/pages, src/layouts, src/components): the page chrome
 * (skip link, navigation, footer, language switcher), the contact bands, the pager, the 404 page
 * and the notes that point from a translated listing to the default language. Labels a page's
 * Markdown shows too are in `pages` and `listings`, not here.
 */
import { z } from 'zod';
import { phrase, pluralPhrase } from './phrase.ts';

export const siteStrings = z.strictObject({
  /** The first link of every page, visible on focus: jumps to the main content. */
  skipToContent: phrase([], 60),
  /** The accessible name of the header's main navigation. */
  mainNavigation: phrase([], 40),
  /**
   * The button that opens the header's menu (the navigation and the language switcher) on
   * narrow screens, e.g. "Menu".
   */
  menu: phrase([], 40),
  /** The language switcher's name (in the header; read before the current language's name). */
  languageSwitcher: phrase([], 40),
  /**
   * In the language switcher, under this language's name when the current page has no
   * translation in it: the link goes to this language's home page instead. Written in this
   * language, e.g. "This page is not available in English; go to the English home page".
   */
  notTranslated: phrase([], 120),
  /** The first step of every breadcrumb trail (the home page), in the page's structured data. */
  home: phrase([], 40),
  /** A breadcrumb step for a listing's later page, e.g. "Page 2". */
  breadcrumbPage: phrase(['number'], 40),
  /** The footer's link to the privacy page. */
  privacy: phrase([], 40),
  /** The footer's link to the legal notice (imprint), content/pages/legal-notice.mdx. */
  legalNotice: phrase([], 40),
  /** The footer's link to the page on the site's accessibility, content/pages/accessibility.mdx. */
  accessibility: phrase([], 40),
  /** The link (and the `<link rel="alternate">` title) to the page's Markdown sibling. */
  pageAsMarkdown: phrase([], 60),
  /** The accessible name of the footer's list of offices. */
  offices: phrase(['company'], 80),
  /** The accessible name of the footer's list of social profiles. */
  elsewhere: phrase(['company'], 80),
  /** The heading of the footer's links to the site's sections. */
  siteNavigation: phrase([], 40),
  /** The heading of the footer's links for machines (MCP, llms.txt, Markdown). */
  machineReadable: phrase([], 40),
  /** After the footer's "For AI agents" link to /mcp.md: what is there. */
  mcpServer: phrase([], 80),
  /** The footer's last line; {extension} is `.md` as code, {home} the link to the home page's Markdown. */
  markdownNote: phrase(['extension', 'home', 'company'], 300),
  /** The home page's main button, to the contact page. */
  getInTouch: phrase([], 40),
  /** The home page's second button, to the case studies. */
  seeOurWork: phrase([], 40),
  /** The home page's link to the services listing. */
  allServices: phrase([], 60),
  /** The home page's link to the case studies listing, with their number (plural forms by {count}). */
  allCaseStudiesCount: pluralPhrase(['count'], 60),
  /**
   * The home page's note for AI agents; {mcp} is the link to the MCP endpoint, {docs} to /mcp.md,
   * {llms} to llms.txt, {markdown} to the home page's Markdown.
   */
  agentsNote: phrase(['mcp', 'docs', 'llms', 'markdown'], 400),
  /** The home page's contact band: heading and text. */
  homeContactHeading: phrase([], 80),
  homeContactText: phrase([], 200),
  /** The contact band's heading on service and case study pages and listings. */
  contactHeading: phrase([], 80),
  /**
   * The contact band's text there, with company.yaml's followUp: {who} (capitalised), {how},
   * {within}; `contactTextUntimed` when followUp has no `within`.
   */
  contactText: phrase(['who', 'how', 'within'], 200),
  contactTextUntimed: phrase(['who', 'how'], 200),
  /** After every contact band's text: the contact e-mail address as a link. */
  orWriteTo: phrase(['email'], 80),
  /** The contact band's button. */
  contactUs: phrase([], 40),
  /** The services listing's contact band: heading and text. */
  servicesContactHeading: phrase([], 80),
  servicesContactText: phrase([], 200),
  /** An insight's contact band: heading and text. */
  insightContactHeading: phrase([], 80),
  insightContactText: phrase([], 200),
  /** The line above an entry's title linking to its listing: a service, a case study, an insight. */
  service: phrase([], 40),
  caseStudy: phrase([], 40),
  insight: phrase([], 40),
  /** A service page's list of the other services. */
  otherServices: phrase([], 60),
  /** A service page's link to all case studies when it shows only the newest; {newest} is `pages.newestOf`. */
  newestOfAll: phrase(['newest'], 160),
  /** The (hidden) heading of a case study's facts. */
  facts: phrase([], 40),
  /** The (hidden) heading of an insight's facts. */
  aboutArticle: phrase([], 60),
  /** An insight page's section of other insights with a tag in common. */
  relatedInsights: phrase([], 60),
  /** The contact page's card with the e-mail address and offices. */
  contactDetails: phrase([], 60),
  /** The legal notice's card with the company's legal details (company.yaml), and the labels of its lines. */
  legalDetails: phrase([], 60),
  legalName: phrase([], 40),
  legalForm: phrase([], 40),
  registeredOffice: phrase([], 40),
  registration: phrase([], 40),
  vatId: phrase([], 40),
  telephone: phrase([], 40),
  email: phrase([], 40),
  /** The table of contents of a long page. */
  onThisPage: phrase([], 40),
  /** The end of a service card (hidden from screen readers: the title is the link). */
  readMore: phrase([], 40),
  /** The accessible name of an insight's tag list in a listing. */
  tagsOf: phrase(['title'], 200),
  /** The first link of the industry filters. */
  allIndustries: phrase([], 60),
  /** The first link of the tag filters. */
  allTopics: phrase([], 60),
  /** The (hidden) heading of an industry's list of case studies. */
  caseStudiesIn: phrase(['name'], 120),
  /** The (hidden) heading of the whole list of insights, and of a tag's. */
  allArticles: phrase([], 60),
  articlesTagged: phrase(['name'], 120),
  /** The last item of a filter line that shows only the most used values: how many are left out (plural forms by {count}). */
  lessUsed: pluralPhrase(['count'], 60),
  /** The pager's accessible name on each kind of listing. */
  pagerServices: phrase([], 80),
  pagerCaseStudies: phrase([], 80),
  pagerCaseStudiesIn: phrase(['name'], 120),
  pagerInsights: phrase([], 80),
  pagerInsightsTagged: phrase(['name'], 120),
  /** The pager's position, e.g. "Page 2 of 3", and the entries it shows, e.g. "(51–100 of 120)". */
  pagerPosition: phrase(['number', 'pages'], 60),
  pagerRange: phrase(['first', 'last', 'total'], 60),
  /** The 404 page: title, description, lead, the line above its links and its last line. */
  notFoundTitle: phrase([], 60),
  notFoundDescription: phrase(['company'], 200),
  notFoundLead: phrase([], 200),
  notFoundTry: phrase([], 80),
  /** {email} is the contact address as a link, {llms} the link to llms.txt. */
  notFoundWrite: phrase(['email', 'llms'], 200),
});
