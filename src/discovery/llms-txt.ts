/**
 * /llms.txt (llmstxt.org): the company's short profile for language models. An H1 with the
 * company's name, the tagline as the `>` summary, the description, a section telling agents when
 * and how to use the MCP server, then one H2 section per kind of page listing the Markdown
 * siblings of every service and company page, of the newest case studies and insights
 * (LLMS_TXT_RECENT, src/site/bounds.ts, with a link to the full listing when there are more) and
 * of the people (at most LLMS_TXT_PEOPLE; the team page in `Optional` lists them all),
 * the machine-readable files (this language's Atom feeds among them), on a multilingual site every language's llms.txt (`## Languages`),
 * and an `Optional` section. Its size stays bounded however many entries the site has.
 * Each language has its own (`/nl/llms.txt`), its headings and sentences from that language's
 * strings (`llms`); the section name `Optional` (llmstxt.org) and the form of a language's line
 * are fixed, since readers parse them.
 * The same text is the `short` profile the `get_company_profile` tool returns.
 */
import { registrationText, telephoneHref } from '../model/legal.ts';
import type { RootContent } from 'mdast';
import { fillPhrasing } from '../markdown/fill-phrasing.ts';
import { md, toMarkdown } from '../markdown/mdast.ts';
import type { ToolDescriptor } from '../mcp/tools/tool-descriptor.ts';
import { mcpEndpoints } from '../model/identity.ts';
import { shownFacets } from '../model/site-pages.ts';
import { LLMS_FULL_MAX_BYTES, LLMS_TXT_PEOPLE, LLMS_TXT_RECENT } from '../site/bounds.ts';
import { fill } from '../site/languages.ts';
import { plural, type PluralForms } from '../site/plural.ts';
import type { Facet, SiteModel, SitePage } from '../model/model.ts';
import { addressLine } from '../model/offices.ts';
import { absoluteUrl, markdownPath } from '../site/urls.ts';
import { inlineCode } from './doc-blocks.ts';
import { siteFeeds } from './atom-feed.ts';
import { DISCOVERY_FILES, type DiscoveryFileKey } from './discovery-files.ts';
import { actionTools, toolItems } from './tool-guidance.ts';
import { languagesSection } from './llms-languages.ts';

type LlmsStrings = SiteModel['strings']['llms'];

/** The discovery files llms.txt links under `## Machine-readable`, in this order, with the key of their description in `llms`. */
const MACHINE_READABLE = [
  ['mcpDocs', 'mcpDocsFile'],
  ['openapi', 'openapiFile'],
  ['serverCard', 'serverCardFile'],
  ['mcpCatalog', 'mcpCatalogFile'],
  ['apiCatalog', 'apiCatalogFile'],
  ['ard', 'ardFile'],
  ['aiCatalog', 'aiCatalogFile'],
  ['agentSkills', 'agentSkillsFile'],
] as const satisfies readonly (readonly [DiscoveryFileKey, keyof LlmsStrings])[];

/** A number as the language writes it (`500,000`, `500.000`). */
export function formatCount(model: SiteModel, value: number): string {
  return value.toLocaleString(model.strings.language.locale);
}

/** What llms-full.txt is, in the model's language. */
export function llmsFullDescription(model: SiteModel): string {
  const forms = plural(model.strings.llms.llmsFullFile, LLMS_FULL_MAX_BYTES, model.strings.language.locale);
  return fill(forms, { bytes: formatCount(model, LLMS_FULL_MAX_BYTES) });
}

function pageItem(page: SitePage) {
  return [md.link(page.markdownUrl, page.title), md.text(`: ${page.description}`)];
}

/**
 * The company's offices and its profiles elsewhere, when company.yaml lists any. The profiles are
 * written as bare URLs (`<https://…>`), not as Markdown links: every `[…](…)` link of llms.txt is a
 * page of this site, which readers (and the tests) rely on.
 */
function whereToFind(model: SiteModel): RootContent[] {
  const { offices, social } = model.company;
  const text = model.strings.llms;
  const blocks: RootContent[] = [];
  if (offices.length)
    blocks.push(
      md.paragraph(
        fill(text.offices, { offices: offices.map((office) => `${office.name}, ${addressLine(office)}`).join('; ') }),
      ),
    );
  if (social.length)
    blocks.push(
      md.paragraph(
        `${text.elsewhere} `,
        ...social.flatMap((profile, index) => [
          md.text(`${index > 0 ? ', ' : ''}${profile.name} `),
          md.link(profile.url, profile.url),
        ]),
        '.',
      ),
    );
  return blocks;
}

/** One line of company facts: where, since when, how many, and the contact address. */
function factsLine(model: SiteModel): RootContent {
  const { company } = model;
  const text = model.strings.llms;
  const facts = [
    company.location && fill(text.basedIn, { location: company.location }),
    company.founded && fill(text.founded, { year: company.founded }),
    company.teamSize && fill(text.team, { size: company.teamSize }),
  ].filter(Boolean);
  const lead = facts.length ? `${facts.join(', ')}. ` : '';
  return md.paragraph(`${lead}${text.contact} `, md.link(`mailto:${company.contactEmail}`, company.contactEmail), '.');
}

/**
 * The company's legal identity where company.yaml gives it (src/model/legal.ts), labelled as the
 * legal notice labels it: registered name, legal form, register, VAT ID, telephone.
 */
function legalLine(model: SiteModel): RootContent[] {
  const { company } = model;
  const words = model.strings.site;
  const parts = [
    company.legalName && `${words.legalName}: ${company.legalName}`,
    company.legalForm && `${words.legalForm}: ${company.legalForm}`,
    company.registration && `${words.registration}: ${registrationText(company.registration)}`,
    company.vatId && `${words.vatId}: ${company.vatId}`,
  ].filter((part): part is string => Boolean(part));
  const telephone = company.telephone
    ? [
        md.text(`${parts.length ? '; ' : ''}${words.telephone}: `),
        md.link(telephoneHref(company.telephone), company.telephone),
      ]
    : [];
  if (!parts.length && !telephone.length) return [];
  return [md.paragraph(parts.join('; '), ...telephone, '.')];
}

/**
 * The head shared by llms.txt and llms-full.txt: H1, summary, description, facts and the section
 * on the MCP server (what it offers, the tools by name, the consent rule).
 */
export function profileHead(model: SiteModel, tools: readonly ToolDescriptor[]): RootContent[] {
  const { company } = model;
  const text = model.strings.llms;
  const endpoints = mcpEndpoints(company);
  const blocks: RootContent[] = [
    md.heading(1, company.name),
    md.blockquote(md.paragraph(company.tagline)),
    md.paragraph(company.description),
    factsLine(model),
    ...legalLine(model),
    ...whereToFind(model),
    md.heading(2, text.whenToUse),
    md.paragraph(
      ...fillPhrasing(text.mcpServer, {
        company: company.name,
        endpoint: md.link(endpoints.base, endpoints.base),
        agentEndpoint: md.link(endpoints.agent, endpoints.agent),
      }),
    ),
    md.list(toolItems(tools, { brief: true })),
  ];
  for (const tool of actionTools(tools)) {
    const fields = Object.keys((tool.inputSchema.properties as Record<string, unknown> | undefined) ?? {});
    blocks.push(
      md.paragraph(
        inlineCode(tool.name),
        ` ${fill(text.consent, { company: company.name, fields: fields.join(', ') })}`,
      ),
    );
  }
  blocks.push(
    md.paragraph(
      ...fillPhrasing(text.documentation, {
        docs: md.link(absoluteUrl(company.baseUrl, DISCOVERY_FILES.mcpDocs.path), DISCOVERY_FILES.mcpDocs.title),
        suffix: inlineCode('.md'),
        home: inlineCode('/index.md'),
        accept: inlineCode('Accept: text/markdown'),
      }),
    ),
  );
  return blocks;
}

/** A content section: its heading, the pages it lists, and (when it lists only the newest) the listing of all. */
interface ContentSection {
  heading: string;
  pages: SitePage[];
  more?: { path: string; total: number; label: string };
}

/** The published pages each H2 content section lists. */
function contentSections(model: SiteModel): ContentSection[] {
  const pageOf = (path: string) => model.index.pages.get(path)!;
  const { listings, llms, pages, language } = model.strings;
  const { locale } = language;
  const newest = (
    heading: string,
    entries: { path: string }[],
    limit: number,
    listing: string,
    all: PluralForms,
  ): ContentSection => ({
    heading,
    pages: entries.slice(0, limit).map((entry) => pageOf(entry.path)),
    ...(entries.length > limit
      ? {
          more: {
            path: listing,
            total: entries.length,
            label: fill(plural(all, entries.length, locale), { total: entries.length }),
          },
        }
      : {}),
  });
  return [
    { heading: listings.services, pages: model.services.map((entry) => pageOf(entry.path)) },
    newest(
      listings.caseStudies,
      model.caseStudies,
      LLMS_TXT_RECENT.caseStudies,
      model.routes.caseStudies,
      llms.allCaseStudies,
    ),
    newest(listings.insights, model.insights, LLMS_TXT_RECENT.insights, model.routes.insights, llms.allInsights),
    { heading: pages.company, pages: model.pages.map((entry) => pageOf(entry.path)) },
    {
      heading: model.strings.team.title,
      pages: model.people.slice(0, LLMS_TXT_PEOPLE).map((entry) => pageOf(entry.path)),
    },
  ];
}

/** Builds /llms.txt. `tools` are the descriptors `tools/list` advertises. */
export function llmsTxt(model: SiteModel, tools: readonly ToolDescriptor[]): string {
  const { company } = model;
  const text = model.strings.llms;
  const blocks = profileHead(model, tools);

  for (const { heading, pages, more } of contentSections(model)) {
    if (!pages.length) continue;
    const items = pages.map(pageItem);
    if (more) {
      const url = absoluteUrl(company.baseUrl, markdownPath(more.path));
      const newestAbove = plural(text.newestAbove, pages.length, model.strings.language.locale);
      items.push([md.link(url, more.label), md.text(`: ${fill(newestAbove, { shown: pages.length })}`)]);
    }
    blocks.push(md.heading(2, heading), md.list(items));
  }

  blocks.push(
    md.heading(2, text.machineReadable),
    md.list([
      ...MACHINE_READABLE.map(([key, description]) => {
        const file = DISCOVERY_FILES[key];
        return [md.link(absoluteUrl(company.baseUrl, file.path), file.title), md.text(`: ${text[description]}`)];
      }),
      // This language's Atom feeds, described as their listings are.
      ...siteFeeds(model).map((feed) => [
        md.link(feed.url, `${feed.title} (Atom)`),
        md.text(`: ${feed.listing.description}`),
      ]),
    ]),
    ...languagesSection(model),
  );

  // Optional: the full profile, then the home page, the listings and the filter pages (first
  // pages only, the most used filters when there are many): summaries of the entries above, so a
  // reader short of context may skip them.
  const filterPaths = (facets: readonly Facet[]) => shownFacets(facets).shown.map((facet) => facet.path);
  const overviews = [
    model.routes.home,
    model.routes.services,
    model.routes.caseStudies,
    ...filterPaths(model.industries),
    model.routes.insights,
    ...filterPaths(model.tags),
    ...(model.index.pages.has(model.routes.team)
      ? [model.routes.team, ...filterPaths(model.offices), ...filterPaths(model.expertise)]
      : []),
  ].map((path) => model.index.pages.get(path)!);
  blocks.push(
    md.heading(2, 'Optional'),
    md.list([
      [
        md.link(absoluteUrl(company.baseUrl, model.routes.llmsFull), DISCOVERY_FILES.llmsFull.title),
        md.text(`: ${llmsFullDescription(model)}`),
      ],
      ...overviews.map(pageItem),
    ]),
  );
  return toMarkdown(blocks);
}
