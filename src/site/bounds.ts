/**
 * How much of the site one answer may carry, whatever the site's size: one definition for the
 * pages, the discovery files, the MCP tools and the docs that state these limits. A site of 50
 * pages fits inside all of them; at 10,000 pages they keep every page, file and tool answer an
 * agent fetches in one request to a bounded size.
 */

/**
 * Entries per listing page (/case-studies, /insights, the filter pages, each as HTML and
 * Markdown): beyond this a listing continues on /<listing>/page/2, /page/3…
 */
export const LISTING_PAGE_SIZE = 50;

/**
 * Most values a filter argument (list_case_studies' industry, list_insights' tag) advertises as
 * an enum in its input schema. A site with more industries or tags advertises a free-text
 * argument instead, names its most used values in the description, and checks the value when
 * the tool is called (an unknown one is a tool error naming the closest published values).
 */
export const MAX_FACET_ENUM = 50;

/** How many of the most used values a filter names as examples when it has no enum. */
export const FACET_EXAMPLES = 12;

/** How many filter links a listing page shows before "and N more" (the most used ones). */
export const MAX_FACET_LINKS = 50;

/**
 * llms.txt lists every service and company page, and the newest case studies and insights up to
 * these counts; the rest are reached through the listings it links (and the sitemap).
 */
export const LLMS_TXT_RECENT = { caseStudies: 50, insights: 50 } as const;

/**
 * Entries per Atom feed (src/discovery/atom-feed.ts): the newest insights, or case studies, of
 * one language. A reader polls the feed for what is new; the listings and the sitemap have the rest.
 */
export const FEED_ENTRIES = 50;

/** The most people llms.txt lists (by name); the team page it links lists them all. */
export const LLMS_TXT_PEOPLE = 50;

/**
 * The most bytes of page Markdown llms-full.txt holds (about 125,000 tokens): the service and
 * company pages, then case studies and insights newest first until the next one does not fit. A site whose whole
 * content fits is complete in it; a larger one gets a closing section that says what was left
 * out and where to read it.
 */
export const LLMS_FULL_MAX_BYTES = 500_000;

/** How many of a service's case studies (the newest) its page lists; the rest are in the case studies listing. */
export const SERVICE_CASE_STUDIES = 12;

/**
 * Resources per page of the MCP resources/list answer (one resource per published page); a
 * larger site continues through `nextCursor`. completion/complete answers at most 100 values
 * (the protocol's own limit) with `total` and `hasMore`.
 */
export const RESOURCE_PAGE_SIZE = 100;
