/**
 * The six tools, in the order tools/list advertises them (deterministic, as MCP 2026 asks).
 * `listToolDescriptors` is what the discovery docs are generated from.
 */
import type { AfterLead } from '../../leads/after-lead.ts';
import type { LimitLedger } from '../../leads/limits.ts';
import type { LeadStore } from '../../leads/store.ts';
import type { SiteSearch } from '../../search/query.ts';
import type { Catalog } from '../catalog.ts';
import type { ToolDescriptor } from '../tool-descriptor.ts';
import type { Tool } from './define-tool.ts';
import { createGetCompanyProfileTool } from './get-company-profile.ts';
import { createGetPageMarkdownTool } from './get-page-markdown.ts';
import { createListCaseStudiesTool } from './list-case-studies.ts';
import { createListInsightsTool } from './list-insights.ts';
import { createSearchSiteTool } from './search-site.ts';
import { createStartConversationTool } from './start-conversation.ts';

export type { Tool, ToolContext, ToolResult } from './define-tool.ts';

export interface ToolDependencies {
  /** Where start_conversation files leads; without one it answers with an isError result. */
  leads?: LeadStore;
  /** Abuse limits on new leads from start_conversation (shared with the contact form); none without one. */
  limits?: LimitLedger;
  /** Run after start_conversation stores a new lead (not a duplicate); never changes the answer. */
  afterLead?: AfterLead;
  /** Told when afterLead fails (default: console.error). */
  onError?: (error: unknown) => void;
  /** The search to use (default: one loaded from the catalog's index). */
  search?: SiteSearch;
}

/** Builds every tool once: schemas, descriptors and lookup tables are made here, not per call. */
export function createTools(catalog: Catalog, dependencies: ToolDependencies = {}): Tool[] {
  return [
    createGetCompanyProfileTool(catalog),
    createGetPageMarkdownTool(catalog),
    createListCaseStudiesTool(catalog),
    createListInsightsTool(catalog),
    createSearchSiteTool(catalog, dependencies.search),
    createStartConversationTool(catalog, dependencies.leads, {
      ...(dependencies.limits ? { limits: dependencies.limits } : {}),
      ...(dependencies.afterLead ? { afterLead: dependencies.afterLead } : {}),
      ...(dependencies.onError ? { onError: dependencies.onError } : {}),
    }),
  ];
}

/** The tools as tools/list advertises them (name, title, description, schemas, annotations). */
export function listToolDescriptors(catalog: Catalog): ToolDescriptor[] {
  return createTools(catalog).map((tool) => tool.descriptor);
}
