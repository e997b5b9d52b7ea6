/** What the tools need besides their arguments: the build's artefacts and, for start_conversation, the lead pipeline. */
import type { ArtefactReader } from '../../artefacts/reader.ts';
import type { LeadPipeline } from '../../leads/pipeline.ts';

export interface ToolDependencies {
  /** The build's artefacts, each read on first use. */
  artefacts: ArtefactReader;
  /**
   * The lead pipeline (store, limits, notification), loaded on the first start_conversation:
   * nothing of it is loaded by the other tools. Without it start_conversation answers with a
   * tool error that gives the contact address.
   */
  leads?: () => Promise<LeadPipeline>;
  /** Told about failures of work after a lead (default: logError, src/log.ts: no message, no data). */
  onError?: (error: unknown) => void;
}
