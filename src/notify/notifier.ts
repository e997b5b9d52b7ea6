/**
 * How the team hears about a new lead. A Notifier delivers one notification or throws a
 * NotifyError whose message is safe to store and log (never personal data).
 */
import type { Lead, LeadClient, LeadConsent } from '../leads/schema.ts';
import { leadSummary } from './summary.ts';

/** The JSON body every notifier sends (the webhook posts it as is). */
export interface LeadCreatedEvent {
  type: 'lead.created';
  reference: string;
  receivedAt: string;
  source: Lead['source'];
  client: LeadClient | null;
  name: string;
  email: string;
  company: string | null;
  message: string;
  consent: LeadConsent | null;
  /**
   * The language the request came in (`nl`: the contact page's or start_conversation's), so the
   * reply can be written in it; null for a lead stored before languages were recorded.
   */
  language: string | null;
  /** Plain text / Markdown, escaped: safe to paste into a chat tool. */
  summary: string;
}

export function leadCreatedEvent(lead: Lead): LeadCreatedEvent {
  return {
    type: 'lead.created',
    reference: lead.reference,
    receivedAt: lead.createdAt,
    source: lead.source,
    client: lead.client ?? null,
    name: lead.name,
    email: lead.email,
    company: lead.company ?? null,
    message: lead.message,
    consent: lead.consent ?? null,
    language: lead.language ?? null,
    summary: leadSummary(lead),
  };
}

/** A failed delivery; `message` is short, fixed-vocabulary and free of personal data. */
export class NotifyError extends Error {
  override name = 'NotifyError';
}

export interface Notifier {
  /** What it is, for logs and the operator (e.g. `webhook`). */
  readonly kind: string;
  /** Resolves once the receiver accepted the notification; rejects with NotifyError. */
  deliver(event: LeadCreatedEvent): Promise<void>;
}
