/** What the tools need besides their arguments: the build's artefacts and, for start_conversation, the lead path and pipeline. */
import type { ArtefactReader } from '../../artefacts/reader.ts';
import type { ToolInfo } from '../../artefacts/schema.ts';
import type { LoadContactResources } from '../../leads/contact-language.ts';
import type { LeadPipeline } from '../../leads/pipeline.ts';
import type { StemmerLoader } from '../../search/analyzers.ts';
import type { SearchEngine } from './search-engine.ts';
import type { ToolSpec } from './define-tool.ts';

/**
 * The part of the lead path (the code only a lead request runs) the tools take from it:
 * start_conversation's module. The function loads the lead path apart from its entry
 * (src/lazy/lead-path.ts, bundled by the build into .generated/lazy/lead-path.mjs), so no tool
 * module may import it; src/http/lead-path.ts has the whole.
 */
export interface LeadTools {
  startConversationTool: (info: ToolInfo, dependencies: ToolDependencies) => ToolSpec;
}

export interface ToolDependencies {
  /** The build's artefacts, each read on first use. */
  artefacts: ArtefactReader;
  /**
   * The lead path, loaded on the first start_conversation: the tool's own module comes from it
   * (registry.ts). Without it start_conversation answers with a tool error that gives the
   * contact address and files nothing.
   */
  leadPath?: () => Promise<LeadTools>;
  /**
   * The lead pipeline (store, limits, notification), loaded on the first start_conversation:
   * nothing of it is loaded by the other tools. Without it start_conversation answers with a
   * tool error that gives the contact address.
   */
  leads?: () => Promise<LeadPipeline>;
  /**
   * start_conversation's messages in every language (the contact form's strings, built into
   * .generated/contact-shell.json), loaded on its first call. Without them it files nothing and
   * says so, with the contact address.
   */
  contact?: LoadContactResources;
  /**
   * Loads a language's stemmer for search_site (the build's .generated/stemmers.ts in the
   * function). Without it, languages other than English are searched unstemmed.
   */
  stemmers?: StemmerLoader;
  /**
   * The site's search engine, shared with the search page (src/http/api.ts) so each language's
   * index is read once per instance. Without it search_site makes its own from `artefacts`.
   */
  searchEngine?: () => Promise<SearchEngine>;
  /** Told about failures of work after a lead, and of a tool's module that could not be loaded (default: logError, src/log.ts: no message, no data). */
  onError?: (error: unknown) => void;
}
