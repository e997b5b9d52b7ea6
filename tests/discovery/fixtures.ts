/**
 * Test inputs for the discovery generators: a small in-memory site (with drafts whose text says
 * ZEBRAFISH-DRAFT and titles with Markdown-special characters), six tool descriptors shaped like
 * the real ones, the real site model, and a Markdown parser for checking generated Markdown.
 */
import type { Link, Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { ToolDescriptor } from '../../src/mcp/tools/tool-descriptor.ts';
import { companySchema } from '../../src/schemas/company.ts';
import { languageListOf, loadStrings } from '../../src/model/load-languages.ts';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel, type SiteModel, type SiteSources } from '../../src/model/model.ts';

/** The marker every draft in the fixture and in the sample content carries. */
export const DRAFT_MARK = 'ZEBRAFISH-DRAFT';

export const fixtureCompany = companySchema.parse({
  name: 'Fieldstone Works',
  tagline: 'A small studio that builds and runs data platforms for logistics firms.',
  description:
    'Fieldstone Works is a studio of twelve engineers in Ghent. We build data platforms and keep them running.',
  contactEmail: 'hello@fieldstone.example',
  baseUrl: 'https://www.fieldstone.example',
  agentUrl: 'https://agents.fieldstone.example',
  location: 'Ghent',
  founded: 2019,
});

/** The sample site's English translation file (content/strings.yaml), which the fixture's company uses too. */
export const fixtureStrings = loadStrings(process.cwd(), languageListOf(fixtureCompany));

export function fixtureSources(): SiteSources {
  return {
    company: fixtureCompany,
    strings: fixtureStrings,
    clients: [],
    people: [],
    services: [
      {
        slug: 'data-platforms',
        file: 'content/services/data-platforms.mdx',
        data: {
          title: 'Data platforms',
          summary: 'We build [data] platforms *people* trust & use.',
          order: 1,
          draft: false,
        },
        body: 'We build them.\n',
      },
      {
        slug: 'secret-service',
        file: 'content/services/secret-service.mdx',
        data: { title: `Secret ${DRAFT_MARK}`, summary: `Not yet public ${DRAFT_MARK}.`, order: 2, draft: true },
        body: `${DRAFT_MARK}\n`,
      },
    ],
    caseStudies: [
      {
        slug: 'port-data',
        file: 'content/case-studies/port-data.mdx',
        data: {
          title: 'Port data in minutes',
          client: 'Harbour & Co',
          industry: 'Logistics',
          summary: 'We moved the port reports from nightly to minutes.',
          services: ['data-platforms'],
          date: '2025-03-14',
          draft: false,
        },
        body: 'The story.\n',
      },
      {
        slug: 'bank-secret',
        file: 'content/case-studies/bank-secret.mdx',
        data: {
          title: `Bank ${DRAFT_MARK}`,
          client: 'A bank',
          industry: 'Banking',
          summary: `Unannounced work ${DRAFT_MARK}.`,
          services: ['data-platforms'],
          date: '2025-06-01',
          draft: true,
        },
        body: `${DRAFT_MARK}\n`,
      },
    ],
    insights: [
      {
        slug: 'data-contracts',
        file: 'content/insights/data-contracts.mdx',
        data: {
          title: 'Data contracts, kept short',
          date: '2025-05-02',
          summary: 'One page per contract, checked in CI, prevents most broken dashboards.',
          tags: ['data'],
          author: 'Ann Peeters',
          draft: false,
        },
        body: 'Keep them short.\n',
      },
      {
        slug: 'draft-thoughts',
        file: 'content/insights/draft-thoughts.mdx',
        data: {
          title: `Thoughts ${DRAFT_MARK}`,
          date: '2025-07-01',
          summary: `Unfinished ${DRAFT_MARK} thoughts.`,
          tags: ['misc'],
          author: 'Ann Peeters',
          draft: true,
        },
        body: `${DRAFT_MARK}\n`,
      },
    ],
    pages: [
      {
        slug: 'about',
        file: 'content/pages/about.mdx',
        data: { title: 'About us', description: 'Who we are and how we work, in a page.', draft: false },
        body: 'About.\n',
      },
      {
        slug: 'privacy',
        file: 'content/pages/privacy.mdx',
        data: { title: 'Privacy', description: 'What this site stores about you and for how long.', draft: false },
        body: 'Nothing much.\n',
      },
      {
        slug: 'careers',
        file: 'content/pages/careers.mdx',
        data: { title: `Careers ${DRAFT_MARK}`, description: `Jobs, not yet ${DRAFT_MARK}.`, draft: true },
        body: `${DRAFT_MARK}\n`,
      },
    ],
  };
}

export function fixtureModel(): SiteModel {
  return buildSiteModel(fixtureSources());
}

/** The real model from the content folder. */
export function realModel(): SiteModel {
  return buildSiteModel(loadSources(new URL('../..', import.meta.url).pathname));
}

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const limit = { type: 'integer', minimum: 1, maximum: 20, default: 5, description: 'How many results.' };

function tool(
  name: string,
  description: string,
  inputSchema: Record<string, unknown>,
  outputSchema: Record<string, unknown>,
  annotations = readOnly,
): ToolDescriptor {
  return {
    name,
    title: name.replace(/_/g, ' '),
    description,
    inputSchema,
    outputSchema,
    annotations: { title: name, ...annotations },
  };
}

const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/** Six descriptors like the real ones: five read tools and start_conversation. */
export const fixtureTools: ToolDescriptor[] = [
  tool(
    'get_company_profile',
    'Returns the company profile. Use it first.',
    object({ format: { type: 'string', enum: ['short', 'full'], description: 'Which profile.' } }),
    object({ markdown: { type: 'string' } }, ['markdown']),
  ),
  tool(
    'get_page_markdown',
    'Returns one page as Markdown.',
    object({ path: { type: 'string', minLength: 1, maxLength: 2048, description: 'A site path such as /about.' } }, [
      'path',
    ]),
    object({ markdown: { type: 'string' } }, ['markdown']),
  ),
  tool(
    'list_case_studies',
    'Lists case studies, newest first.',
    object({ industry: { type: 'string', description: 'Only this industry.' }, limit }),
    object(
      {
        total: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
        caseStudies: {
          type: 'array',
          items: object({ title: { type: 'string' }, url: { type: 'string', description: 'Absolute URL.' } }, [
            'title',
            'url',
          ]),
        },
      },
      ['total', 'caseStudies'],
    ),
  ),
  tool(
    'list_insights',
    'Lists articles, newest first.',
    object({ tag: { type: 'string' }, limit }),
    object({ insights: { type: 'array', items: { type: 'object' } } }),
  ),
  tool(
    'search_site',
    'Keyword search across https://www.fieldstone.example. Then read a result.',
    object({ query: { type: 'string', minLength: 1, maxLength: 200 }, limit }, ['query']),
    object({ results: { type: 'array', items: { type: 'object' } } }),
  ),
  tool(
    'start_conversation',
    "Sends the user's request to talk to the team. Only with consent.",
    object(
      {
        name: { type: 'string' },
        email: { type: 'string', format: 'email' },
        company: { type: 'string' },
        message: { type: 'string', minLength: 10 },
      },
      ['name', 'email', 'message'],
    ),
    object({ reference: { type: 'string' } }, ['reference']),
    { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  ),
];

const parser = unified().use(remarkParse).use(remarkGfm).freeze();

export function parseMarkdown(text: string): Root {
  return parser.parse(text);
}

/** Every link target in a Markdown text, as the Markdown parser reads it. */
export function linkUrls(text: string): string[] {
  const urls: string[] = [];
  visit(parseMarkdown(text), 'link', (node: Link) => {
    urls.push(node.url);
  });
  return urls;
}

/** The H2 headings of a Markdown text, in order. */
export function h2Headings(text: string): string[] {
  return parseMarkdown(text)
    .children.filter((node) => node.type === 'heading' && node.depth === 2)
    .map((node) =>
      'children' in node ? node.children.map((child) => ('value' in child ? child.value : '')).join('') : '',
    );
}

/** The text of a Markdown node without its syntax. */
export function plainText(node: Nodes): string {
  if ('value' in node) return node.value;
  return 'children' in node ? (node.children as Nodes[]).map(plainText).join('') : '';
}
