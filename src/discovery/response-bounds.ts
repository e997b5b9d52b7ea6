/**
 * How large each answer an agent can ask for may get, in sentences: one list for the developer
 * docs (/mcp.md) and the OpenAPI description, made from the constants the code enforces
 * (src/site/bounds.ts, src/mcp/tools/limits.ts, src/mcp/resources.ts, src/mcp/prompts.ts), so the docs cannot promise other numbers.
 */
import { CASE_STUDY_LIMIT, INSIGHT_LIMIT, MAX_QUERY_LENGTH, SEARCH_LIMIT } from '../mcp/tools/limits.ts';
import {
  FACET_EXAMPLES,
  LISTING_PAGE_SIZE,
  LLMS_FULL_MAX_BYTES,
  LLMS_TXT_RECENT,
  MAX_FACET_ENUM,
  RESOURCE_PAGE_SIZE,
} from '../site/bounds.ts';
import { PROMPT_LINKS } from '../mcp/prompts.ts';
import { COMPLETION_MAX } from '../mcp/resources.ts';

const count = (value: number) => value.toLocaleString('en-US');

/** One sentence per kind of answer, each naming its maximum and how to get the rest. */
export function responseBounds(): string[] {
  return [
    `tools/list: the industry and tag arguments are enums of the published values ` +
      `while there are at most ${MAX_FACET_ENUM}; ` +
      `beyond that they are free text, their description names the ${FACET_EXAMPLES} most used, ` +
      `and any published value is accepted (case-insensitive), an unknown one answered with the closest values.`,
    `list_case_studies and list_insights: at most ${CASE_STUDY_LIMIT.max} and ${INSIGHT_LIMIT.max} items per call ` +
      `(limit, default ${CASE_STUDY_LIMIT.default}); ` +
      `a longer list continues with offset set to the answer's nextOffset. ` +
      `An entry's cover picture comes as \`image\` (the URL of its file, its alt text and its size), never as the image itself.`,
    `search_site: at most ${SEARCH_LIMIT.max} results per call (limit, default ${SEARCH_LIMIT.default}), ` +
      `each with a snippet of about 200 characters and the page's cover picture as \`image\` (URL, alt text, size) where it has one, best first; ` +
      `total says how many pages matched. ` +
      `A query has at most ${MAX_QUERY_LENGTH} characters.`,
    `get_page_markdown: one page. Listing and filter pages hold at most ${LISTING_PAGE_SIZE} entries; ` +
      `the next ones are at <listing>/page/2, /page/3… (each also as Markdown).`,
    `resources/list: at most ${RESOURCE_PAGE_SIZE} resources per answer; the next ones follow with cursor set to the answer's nextCursor. ` +
      `resources/read: one page. completion/complete: at most ${COMPLETION_MAX} values, with total and hasMore. ` +
      `prompts/get: at most one embedded page and ${PROMPT_LINKS} resource links.`,
    `get_company_profile: "short" (llms.txt) lists every service and company page ` +
      `and the ${LLMS_TXT_RECENT.caseStudies} newest case studies and ${LLMS_TXT_RECENT.insights} newest insights, ` +
      `with links to the full listings; ` +
      `"full" (llms-full.txt) holds at most ${count(LLMS_FULL_MAX_BYTES)} bytes of page Markdown ` +
      `(services and company pages, then the newest entries) and ends by saying what it left out.`,
  ];
}
