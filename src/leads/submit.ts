/**
 * Files a contact request: the one entry point of the lead pipeline, shared by the MCP tool and
 * the contact form. The lead is written BEFORE success is reported, and the same request sent
 * again (same e-mail address and message within DUPLICATE_WINDOW_MS) returns the first lead's
 * reference instead of creating a second lead, so agents and impatient people may safely retry.
 */
import { createLeadReference } from './reference.ts';
import type { Lead, LeadClient, LeadInput } from './schema.ts';
import type { LeadStore } from './store.ts';

/** How long an identical request counts as a repeat of the first: 24 hours. */
export const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Thrown when the store cannot be read or written; the message is safe to show. */
export class LeadStoreError extends Error {
  override name = 'LeadStoreError';
}

export interface LeadOrigin {
  source: Lead['source'];
  client?: LeadClient;
}

export interface SubmitResult {
  lead: Lead;
  /** True when this request repeated an earlier one and no new lead was written. */
  duplicate: boolean;
}

/**
 * The duplicate key: SHA-256 of the lower-cased e-mail address and the message with its
 * whitespace collapsed. A hash, so store keys carry no personal data.
 */
export async function leadDedupeKey(input: Pick<LeadInput, 'email' | 'message'>): Promise<string> {
  const normalised = `${input.email.trim().toLowerCase()}\n${input.message.trim().replace(/\s+/g, ' ')}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(normalised));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const MAX_REFERENCE_ATTEMPTS = 5;

/** Validated input in, a durably stored (or earlier) lead out; rejects with LeadStoreError. */
export async function submitLead(store: LeadStore, input: LeadInput, origin: LeadOrigin, now: Date = new Date()): Promise<SubmitResult> {
  const dedupeKey = await leadDedupeKey(input);
  let earlier: Lead | undefined;
  try {
    earlier = await store.findByDedupeKey(dedupeKey);
  } catch (cause) {
    throw new LeadStoreError('The lead store could not be read.', { cause });
  }
  if (earlier) {
    const age = now.getTime() - Date.parse(earlier.createdAt);
    if (age >= 0 && age < DUPLICATE_WINDOW_MS) return { lead: earlier, duplicate: true };
  }

  for (let attempt = 0; attempt < MAX_REFERENCE_ATTEMPTS; attempt++) {
    const lead: Lead = {
      reference: createLeadReference(),
      createdAt: now.toISOString(),
      name: input.name,
      email: input.email,
      ...(input.company ? { company: input.company } : {}),
      message: input.message,
      source: origin.source,
      ...(origin.client && Object.keys(origin.client).length > 0 ? { client: origin.client } : {}),
      dedupeKey,
    };
    let inserted: boolean;
    try {
      inserted = await store.insert(lead);
    } catch (cause) {
      throw new LeadStoreError('The lead store could not be written.', { cause });
    }
    if (inserted) return { lead, duplicate: false };
  }
  throw new LeadStoreError('No free lead reference was found.');
}
