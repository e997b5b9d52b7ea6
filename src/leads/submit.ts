/**
 * Files a contact request: the one entry point of the lead pipeline, shared by the MCP tool and
 * the contact form. The lead is written BEFORE success is reported, and the same request sent
 * again (same e-mail address and message within DUPLICATE_WINDOW_MS) returns the first lead's
 * reference instead of creating a second lead, so agents and impatient people may safely retry.
 *
 * Order: claim the duplicate marker (atomic in the store; a loser returns the winner's lead),
 * count the new lead against the abuse limits (limits.ts; a refusal releases the claim), write
 * the lead with notification `pending`, report success. Notifying the team comes after, from
 * the caller (src/notify/deliver.ts): it never blocks or loses the lead.
 */
import { checkLeadLimits, LeadLimitError, type LimitLedger } from './limits.ts';
import { createLeadReference } from '../lead-reference.ts';
import type { Lead, LeadClient, LeadConsent, LeadInput, LeadNotification } from './schema.ts';
import type { LeadStore } from './store.ts';

/** How long an identical request counts as a repeat of the first: 24 hours. */
export const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * A duplicate marker whose lead still does not exist after this long is orphaned (its writer
 * failed without releasing it) and may be claimed again.
 */
export const DEDUPE_GRACE_MS = 30_000;

/** How long a losing duplicate waits for the winner's lead to appear, in total. */
const DUPLICATE_WAIT_MS = 3_000;
const DUPLICATE_POLL_MS = 50;

/** Thrown when the store cannot be read or written; the message is safe to show. */
export class LeadStoreError extends Error {
  override name = 'LeadStoreError';
}

export interface LeadOrigin {
  source: Lead['source'];
  client?: LeadClient;
  /**
   * The consent facts of this request. The contact form and start_conversation always pass
   * them; the type leaves them optional only so that callers written before they existed
   * (operator tools, benchmarks, older tests) still compile. A lead filed without them has no
   * `consent` field, which reads as "not recorded".
   */
  consent?: LeadConsent;
  /** The language the request came in (see leadSchema's `language`). */
  language?: string;
  /**
   * The client IP the platform saw, for the per-IP limit only: it is hashed for the limit key
   * and never stored in the lead.
   */
  clientIp?: string;
}

export interface SubmitOptions {
  /** Abuse limits on new leads; without a ledger no limits are applied. */
  limits?: LimitLedger;
  /** `false` when no notifier is configured: the lead is stored with notification `disabled`. */
  notify?: boolean;
  /** What the new lead's reference starts with: the company's prefix (SiteInfo.referencePrefix). */
  referencePrefix?: string;
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

const MAX_ATTEMPTS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function wrap<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (cause) {
    throw new LeadStoreError(`The lead store could not be ${what}.`, { cause });
  }
}

/**
 * Validated input in, a durably stored (or earlier) lead out. Rejects with LeadStoreError
 * (store unavailable: try again later) or LeadLimitError (limit reached: why and when).
 */
export async function submitLead(
  store: LeadStore,
  input: LeadInput,
  origin: LeadOrigin,
  now: Date = new Date(),
  options: SubmitOptions = {},
): Promise<SubmitResult> {
  const dedupeKey = await leadDedupeKey(input);
  const createdAt = now.toISOString();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const reference = createLeadReference(options.referencePrefix);
    const claim = await wrap('read', () =>
      store.claimDedupe(dedupeKey, { reference, createdAt }, now, DUPLICATE_WINDOW_MS, DEDUPE_GRACE_MS),
    );
    if (!claim.claimed) {
      // A concurrent or earlier identical request holds the key: wait for its lead.
      for (let waited = 0; ; waited += DUPLICATE_POLL_MS) {
        const earlier = await wrap('read', () => store.get(claim.earlier.reference));
        if (earlier) return { lead: earlier, duplicate: true };
        if (waited >= DUPLICATE_WAIT_MS) break;
        await sleep(DUPLICATE_POLL_MS);
      }
      // The winner released its claim (refused or failed) or is stuck: start over.
      continue;
    }

    if (options.limits) {
      const ledger = options.limits;
      try {
        await checkLeadLimits(
          ledger,
          { email: input.email, ...(origin.clientIp ? { clientIp: origin.clientIp } : {}) },
          now,
        );
      } catch (error) {
        await store.releaseDedupe(dedupeKey, reference).catch(() => undefined);
        if (error instanceof LeadLimitError) throw error;
        throw new LeadStoreError('The lead limits could not be checked.', { cause: error });
      }
    }

    const notification: LeadNotification = { status: options.notify === false ? 'disabled' : 'pending', attempts: 0 };
    const lead: Lead = {
      reference,
      createdAt,
      name: input.name,
      email: input.email,
      ...(input.company ? { company: input.company } : {}),
      message: input.message,
      source: origin.source,
      ...(origin.client && Object.keys(origin.client).length > 0 ? { client: origin.client } : {}),
      dedupeKey,
      ...(origin.consent ? { consent: origin.consent } : {}),
      ...(origin.language ? { language: origin.language } : {}),
      notification,
    };
    let inserted: boolean;
    try {
      inserted = await store.insert(lead);
    } catch (cause) {
      await store.releaseDedupe(dedupeKey, reference).catch(() => undefined);
      throw new LeadStoreError('The lead store could not be written.', { cause });
    }
    if (inserted) return { lead, duplicate: false };
    // The reference is taken (40 random bits: rare): release the claim and draw another.
    await wrap('written', () => store.releaseDedupe(dedupeKey, reference));
  }
  throw new LeadStoreError('No free lead reference was found.');
}
