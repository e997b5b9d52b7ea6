/**
 * Abuse limits on NEW leads (duplicates of an earlier lead are not counted and still get the
 * earlier reference):
 *
 * - per e-mail address: at most 3 new leads per 24 hours;
 * - per client IP: at most 10 new leads per hour.
 *
 * Counts are kept in a LimitLedger, durable across function instances in production
 * (`createBlobsLimitLedger`, store `lead-limits`). Ledger keys are `email-<sha256>` and
 * `ip-<sha256>` of the normalised address: no raw address or IP is ever a key or a value.
 * The IP is used for this count only and never stored in the lead.
 */

const HOUR_MS = 60 * 60 * 1000;

export interface LimitRule {
  max: number;
  windowMs: number;
}

/** The documented figures. */
export const LEAD_LIMITS = {
  email: { max: 3, windowMs: 24 * HOUR_MS },
  ip: { max: 10, windowMs: HOUR_MS },
} as const satisfies Record<string, LimitRule>;

export type LimitKind = keyof typeof LEAD_LIMITS;

/**
 * Read-modify-write of the event times (ISO strings, oldest first) kept under one key. `edit`
 * may run more than once (a lost race is retried) and must be pure; returning the same
 * `events` array means "no change, write nothing".
 */
export interface LimitLedger {
  change<T>(key: string, edit: (events: string[]) => { events: string[]; result: T }): Promise<T>;
}

/** An in-memory LimitLedger (tests, local tools). */
export function createMemoryLimitLedger(): LimitLedger & { readonly keys: string[] } {
  const records = new Map<string, string[]>();
  return {
    get keys() {
      return [...records.keys()];
    },
    change(key, edit) {
      const events = records.get(key) ?? [];
      const { events: next, result } = edit([...events]);
      records.set(key, [...next]);
      return Promise.resolve(result);
    },
  };
}

/** A refused submission: the message says why and when to try again; no personal data. */
export class LeadLimitError extends Error {
  override name = 'LeadLimitError';
  readonly kind: LimitKind;
  /** When the next new lead will be accepted. */
  readonly retryAt: Date;
  constructor(kind: LimitKind, retryAt: Date) {
    const rule = LEAD_LIMITS[kind];
    const what =
      kind === 'email'
        ? `this e-mail address has already sent ${rule.max} new contact requests in the last ${rule.windowMs / HOUR_MS} hours`
        : `${rule.max} new contact requests have already come from this network in the last hour`;
    super(`Not sent: ${what}. Try again after ${retryAt.toISOString()}, or write to us by e-mail.`);
    this.kind = kind;
    this.retryAt = retryAt;
  }
}

/** The refusal in a sentence for a person or an agent, naming the address to write to instead. */
export function describeLimitError(error: LeadLimitError, contactEmail: string): string {
  return error.message.replace('write to us by e-mail', `write to ${contactEmail}`);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The ledger key of an e-mail address or IP: a hash, never the value itself. */
export async function limitKey(kind: LimitKind, value: string): Promise<string> {
  return `${kind}-${await sha256Hex(`${kind}:${value.trim().toLowerCase()}`)}`;
}

type TakeResult = { ok: true } | { ok: false; retryAt: Date };

/** Counts one event under `key` unless the rule's maximum is reached in its window. */
async function take(ledger: LimitLedger, key: string, rule: LimitRule, now: Date): Promise<TakeResult> {
  return ledger.change<TakeResult>(key, (events) => {
    const since = now.getTime() - rule.windowMs;
    const recent = events.filter((event) => Date.parse(event) > since).sort();
    if (recent.length >= rule.max) {
      const oldest = Date.parse(recent[recent.length - rule.max]!);
      return { events, result: { ok: false, retryAt: new Date(oldest + rule.windowMs) } };
    }
    return { events: [...recent, now.toISOString()], result: { ok: true } };
  });
}

/** Gives back an event counted at `now` (used when a later check refuses the submission). */
async function giveBack(ledger: LimitLedger, key: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await ledger.change(key, (events) => {
    const index = events.lastIndexOf(at);
    return { events: index < 0 ? events : events.toSpliced(index, 1), result: undefined };
  });
}

/**
 * Counts a new lead against both limits, or throws LeadLimitError (counting nothing). The IP
 * limit is checked first; if the e-mail limit then refuses, the IP count is given back.
 */
export async function checkLeadLimits(
  ledger: LimitLedger,
  subject: { email: string; clientIp?: string },
  now: Date,
): Promise<void> {
  const ipKey = subject.clientIp ? await limitKey('ip', subject.clientIp) : undefined;
  if (ipKey) {
    const ip = await take(ledger, ipKey, LEAD_LIMITS.ip, now);
    if (!ip.ok) throw new LeadLimitError('ip', ip.retryAt);
  }
  const email = await take(ledger, await limitKey('email', subject.email), LEAD_LIMITS.email, now);
  if (!email.ok) {
    if (ipKey) await giveBack(ledger, ipKey, now).catch(() => undefined);
    throw new LeadLimitError('email', email.retryAt);
  }
}
