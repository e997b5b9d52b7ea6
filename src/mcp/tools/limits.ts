/**
 * Bounds of the tools' arguments: one definition for the zod schemas (and so the advertised
 * inputSchema), the error messages and the developer docs.
 */

/** `limit` of list_case_studies: default and maximum. The site publishes a dozen or so case studies. */
export const CASE_STUDY_LIMIT = { default: 10, max: 50 } as const;

/** `limit` of list_insights: default and maximum. */
export const INSIGHT_LIMIT = { default: 10, max: 50 } as const;

/** `limit` of search_site: default and maximum. Beyond 20 results the tail is rarely relevant. */
export const SEARCH_LIMIT = { default: 5, max: 20 } as const;

/** Longest search query, in characters. */
export const MAX_QUERY_LENGTH = 200;

/** Longest `path` argument of get_page_markdown (a full URL included), in characters. */
export const MAX_PATH_LENGTH = 2048;
