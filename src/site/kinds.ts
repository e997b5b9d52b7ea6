/**
 * The kinds of page the site publishes, once: an entry of each content collection (in the
 * collections' order, src/schemas/collections.ts, which a test holds to this list), and the pages
 * the site makes itself, the home page and the listings. The artefacts (PAGE_KINDS), the search's
 * results and llms-full.txt take their kinds from here.
 */
export const ENTRY_KINDS = ['service', 'case-study', 'insight', 'page', 'person'] as const;
export const PAGE_KINDS = ['home', 'listing', ...ENTRY_KINDS] as const;
