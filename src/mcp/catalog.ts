/**
 * The data the MCP function answers from: produced once at build time from the site model
 * (`src/site/build-catalog.ts`), written to `.generated/agent-catalog.json`, and bundled into the
 * function. Every string in it is public content; drafts never reach it.
 */
import type { SitePageKind } from '../site/model.ts';

export interface CatalogPage {
  kind: SitePageKind;
  /** `/`, `/services/x`… */
  path: string;
  /** `/index.md`, `/services/x.md`… */
  markdownPath: string;
  title: string;
  description: string;
  /** Exactly the bytes of the Markdown sibling. */
  markdown: string;
}

export interface CatalogCaseStudy {
  title: string;
  client: string;
  industry: string;
  summary: string;
  services: string[];
  date: string;
  outcomes: string[];
  /** Absolute URL on the base host. */
  url: string;
}

export interface CatalogInsight {
  title: string;
  date: string;
  summary: string;
  tags: string[];
  author: string;
  /** Absolute URL on the base host. */
  url: string;
}

export interface Catalog {
  formatVersion: 1;
  /** When the build made this catalog (ISO date-time). */
  generatedAt: string;
  site: {
    name: string;
    tagline: string;
    description: string;
    contactEmail: string;
    /** Origin of the site, no trailing slash. */
    baseUrl: string;
    /** Origin of the alternative agent host, no trailing slash. */
    agentUrl: string;
    /** The MCP server's reverse-DNS name (`mcpServerName` in src/site/identity.ts), as the server card publishes it. */
    serverName: string;
  };
  /** The company profile: `short` is exactly /llms.txt, `full` exactly /llms-full.txt. */
  profile: { short: string; full: string };
  /** Every published HTML page with its Markdown, in site order. */
  pages: CatalogPage[];
  /** Published case studies, newest first. */
  caseStudies: CatalogCaseStudy[];
  /** Published insights, newest first. */
  insights: CatalogInsight[];
  /** Industry names of published case studies, sorted. */
  industries: string[];
  /** Tag names of published insights, sorted. */
  tags: string[];
  /** The MiniSearch index (its toJSON form), built with `src/search/options.ts`. */
  searchIndex: unknown;
}
