/**
 * The search page for people (src/http/search-page.ts) as the API function loads it on the first
 * request of /search, never before: bundled by the build apart from the function's entry into
 * .generated/lazy/search-page.mjs (src/build/lazy-modules.ts) and shipped beside the entry
 * (netlify.toml `included_files`). Only its HTML and Markdown answers come from here: the search
 * engine it is given is the entry's own, the one search_site uses, so each language's index is
 * read once per instance.
 */
export { createSearchPage } from '../http/search-page.ts';
