/**
 * What `npm run dev` prints once the preview answers: where it is, what it shows at once, and what
 * exists only in the production build, so an editor knows when to run `npm start` instead.
 * tests/integration/dev-preview.test.ts reads it in the server's output.
 */
import { ROUTES } from '../../src/site/routes.ts';

export function devBanner(url: string): string {
  return [
    '',
    `Preview: ${url}  (npm run dev: Astro's dev server, for editing content/)`,
    '',
    '  Every page in every language, its Markdown (<page>.md, /index.md for /, or',
    '  Accept: text/markdown), llms.txt, sitemap.xml and the other discovery files are made',
    '  from the files on disk at each request. A saved edit in content/ shows within a second',
    '  or two, and an open page reloads itself. A change to the languages or the baseUrl in',
    '  content/company.yaml restarts the preview (a few seconds): they are read when it starts.',
    '  A content error shows in the browser and here; fix the file and the page comes back.',
    '',
    `  Editor: ${url}/admin/  (Chrome or Edge: "Work with Local Repository", then choose this`,
    '  folder; saves go straight into content/ and show here at once, no account needed)',
    '',
    '  Not in this preview; run `npm start` (the production build, http://localhost:8888) for:',
    `  - the MCP server (POST ${ROUTES.mcp}, which the pages' WebMCP tools call too),`,
    `    ${ROUTES.health}, and the contact form's POST ${ROUTES.contactApi} (the form shows`,
    '    here but cannot be sent)',
    `  - the search results page (${ROUTES.search}?q=…, which the API function answers from the`,
    '    search index; here the search box leads to an empty results page)',
    "  - the response headers Netlify's edge function and the build's _headers rules add:",
    '    Content-Security-Policy and the other security headers, cache lifetimes, Link,',
    '    Content-Language, x-markdown-tokens',
    '  - the traffic record (npm run agents)',
    '',
  ].join('\n');
}
