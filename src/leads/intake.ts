/**
 * The one way into the lead pipeline, for the contact form and start_conversation alike: file a
 * validated request from an origin and get back one outcome to render. Loading the pipeline,
 * the limits, duplicate suppression, the durable write (submit.ts) and starting the team
 * notification after a new lead (after-lead.ts) all happen here, so the two callers only say
 * what the outcome means to a person or an agent.
 */
import { startAfterLead, type WaitUntil } from './after-lead.ts';
import { describeLimitError, LeadLimitError, type LimitKind } from './limits.ts';
import type { LeadPipeline } from './pipeline.ts';
import type { Lead, LeadInput } from './schema.ts';
import { LeadStoreError, submitLead, type LeadOrigin } from './submit.ts';

export type LeadOutcome =
  /** A new lead, durably stored; the team notification has been started. */
  | { kind: 'filed'; lead: Lead }
  /** The same request arrived within the duplicate window: nothing new was stored. */
  | { kind: 'duplicate'; lead: Lead }
  /**
   * An abuse limit was reached: `limit` names which (the callers say it in the request's
   * language), `reason` says why and what to do in English, `retryAt` when to try again.
   */
  | { kind: 'refused'; limit: LimitKind; reason: string; retryAt: Date }
  /**
   * Nothing was stored: no pipeline is configured (`configured: false`), or it could not be
   * loaded or written (a retry later may work).
   */
  | { kind: 'unavailable'; configured: boolean };

export interface LeadIntakeOptions {
  /** The pipeline, loaded on the first lead (once; see src/http/api.ts). Without it every request is `unavailable`. */
  pipeline: (() => Promise<LeadPipeline>) | undefined;
  /** The company's contact address, offered in refusals. */
  contactEmail: string;
  /** What new references start with: the company's prefix (SiteInfo.referencePrefix). */
  referencePrefix: string;
  /** Told about unexpected failures (loading, storing, work after a lead); never about a limit. */
  onError: (error: unknown) => void;
}

export interface FileLeadContext {
  /** When the request was received. */
  at: Date;
  /** Keeps the function alive for the notification after the answer (Netlify: `context.waitUntil`). */
  waitUntil?: WaitUntil;
}

export type FileLead = (input: LeadInput, origin: LeadOrigin, context: FileLeadContext) => Promise<LeadOutcome>;

export function createLeadIntake({
  pipeline: load,
  contactEmail,
  referencePrefix,
  onError,
}: LeadIntakeOptions): FileLead {
  return async (input, origin, { at, waitUntil }) => {
    if (!load) return { kind: 'unavailable', configured: false };
    try {
      const pipeline = await load();
      const { lead, duplicate } = await submitLead(pipeline.store, input, origin, at, {
        referencePrefix,
        ...(pipeline.limits ? { limits: pipeline.limits } : {}),
      });
      if (duplicate) return { kind: 'duplicate', lead };
      startAfterLead(pipeline.afterLead, lead, waitUntil, onError);
      return { kind: 'filed', lead };
    } catch (error) {
      if (error instanceof LeadLimitError)
        return {
          kind: 'refused',
          limit: error.kind,
          reason: describeLimitError(error, contactEmail),
          retryAt: error.retryAt,
        };
      // A store failure is expected now and then and says nothing new; anything else is a bug to see.
      if (!(error instanceof LeadStoreError)) onError(error);
      return { kind: 'unavailable', configured: true };
    }
  };
}
