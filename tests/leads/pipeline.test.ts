/** Lead record additions, update/delete, abuse limits and concurrency (memory store). */
import { describe, expect, test } from 'vitest';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import {
  checkLeadLimits,
  createMemoryLimitLedger,
  describeLimitError,
  LEAD_LIMITS,
  LeadLimitError,
  limitKey,
} from '../../src/leads/limits.ts';
import { leadSchema, type LeadConsent } from '../../src/leads/schema.ts';
import { DEDUPE_GRACE_MS, DUPLICATE_WINDOW_MS, submitLead } from '../../src/leads/submit.ts';
import { LEAD_INPUT, later, NOW } from '../support/lead-input.ts';

const input = LEAD_INPUT;
const consent: LeadConsent = {
  given: true,
  at: NOW.toISOString(),
  statement: 'I agree that my details are sent.',
  via: 'form-checkbox',
};
const message = (n: number) => `Message number ${n} about our data platform.`;

describe('lead record additions', () => {
  test('a new lead records its consent facts and a pending notification', async () => {
    const store = createMemoryLeadStore();
    const { lead } = await submitLead(store, input, { source: 'form', consent }, NOW);
    expect(lead.consent).toEqual(consent);
    expect(lead.notification).toEqual({ status: 'pending', attempts: 0 });
    expect(leadSchema.parse(lead)).toEqual(lead);
    expect(JSON.stringify(lead)).not.toContain('clientIp');
  });

  test('without a notifier the lead is stored with notification disabled', async () => {
    const { lead } = await submitLead(createMemoryLeadStore(), input, { source: 'form', consent }, NOW, {
      notify: false,
    });
    expect(lead.notification.status).toBe('disabled');
  });

  test('a record stored before consent and notification existed still parses', () => {
    const old = {
      reference: 'NB-7K3M-Q9XD',
      createdAt: NOW.toISOString(),
      name: 'A',
      email: 'a@example.com',
      message: 'Hello there team',
      source: 'agent',
      dedupeKey: 'ab',
    };
    const parsed = leadSchema.parse(old);
    expect(parsed.consent).toBeUndefined();
    expect(parsed.notification).toEqual({ status: 'disabled', attempts: 0 });
  });

  test.each([
    ['consent not given', { consent: { ...consent, given: false } }],
    ['consent via something else', { consent: { ...consent, via: 'telepathy' } }],
    ['consent time not a date-time', { consent: { ...consent, at: 'yesterday' } }],
    ['consent without a statement', { consent: { ...consent, statement: '' } }],
    ['an unknown notification status', { notification: { status: 'maybe', attempts: 0 } }],
    ['negative attempts', { notification: { status: 'pending', attempts: -1 } }],
  ])('rejects %s', (_, change) => {
    const base = {
      reference: 'NB-7K3M-Q9XD',
      createdAt: NOW.toISOString(),
      name: 'A',
      email: 'a@example.com',
      message: 'Hello there team',
      source: 'form',
      dedupeKey: 'ab',
    };
    expect(leadSchema.safeParse({ ...base, ...change }).success).toBe(false);
  });
});

describe('memory store update and delete', () => {
  test('update replaces an existing record and never creates one', async () => {
    const store = createMemoryLeadStore();
    const { lead } = await submitLead(store, input, { source: 'form', consent }, NOW);
    const sent = { ...lead, notification: { status: 'sent' as const, attempts: 1, lastAttemptAt: NOW.toISOString() } };
    expect(await store.update(sent)).toBe(true);
    expect(await store.get(lead.reference)).toEqual(sent);
    expect(await store.update({ ...lead, reference: 'NB-0000-0000' })).toBe(false);
    expect(await store.get('NB-0000-0000')).toBeUndefined();
  });

  test('delete removes the lead and its duplicate marker; a repeat is then a new lead', async () => {
    const store = createMemoryLeadStore();
    const { lead } = await submitLead(store, input, { source: 'form', consent }, NOW);
    expect(await store.delete(lead.reference)).toBe(true);
    expect(await store.delete(lead.reference)).toBe(false);
    expect(await store.findByDedupeKey(lead.dedupeKey)).toBeUndefined();
    const again = await submitLead(store, input, { source: 'form', consent }, later(1000));
    expect(again.duplicate).toBe(false);
  });
});

describe('concurrency (memory store)', () => {
  test('20 concurrent identical submissions file one lead and all get its reference', async () => {
    const store = createMemoryLeadStore();
    const limits = createMemoryLimitLedger();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        submitLead(store, input, { source: 'agent', consent, clientIp: '192.0.2.1' }, NOW, { limits }),
      ),
    );
    expect(store.leads).toHaveLength(1);
    expect(new Set(results.map((result) => result.lead.reference))).toEqual(new Set([store.leads[0]!.reference]));
    expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
  });

  test('an orphaned marker (its lead never written) is claimed again after the grace period', async () => {
    const store = createMemoryLeadStore();
    const key = (await submitLead(createMemoryLeadStore(), input, { source: 'form', consent }, NOW)).lead.dedupeKey;
    await store.claimDedupe(
      key,
      { reference: 'NB-0000-0000', createdAt: NOW.toISOString() },
      NOW,
      DUPLICATE_WINDOW_MS,
      DEDUPE_GRACE_MS,
    );
    const { duplicate, lead } = await submitLead(store, input, { source: 'form', consent }, later(DEDUPE_GRACE_MS));
    expect(duplicate).toBe(false);
    expect(lead.reference).not.toBe('NB-0000-0000');
  });
});

describe('abuse limits', () => {
  test('per e-mail: 3 new leads per 24 h; the 4th is refused with why and when; duplicates do not count', async () => {
    const store = createMemoryLeadStore();
    const limits = createMemoryLimitLedger();
    for (let n = 0; n < 3; n++)
      await submitLead(store, { ...input, message: message(n) }, { source: 'form', consent }, later(n * 1000), {
        limits,
      });
    // A repeat of an earlier lead is not counted and still returns the earlier reference.
    const repeat = await submitLead(
      store,
      { ...input, message: message(0) },
      { source: 'form', consent },
      later(5000),
      { limits },
    );
    expect(repeat.duplicate).toBe(true);
    const error = await submitLead(
      store,
      { ...input, email: 'ADA@example.com', message: message(3) },
      { source: 'form', consent },
      later(6000),
      { limits },
    ).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(LeadLimitError);
    const refusal = error as LeadLimitError;
    expect(refusal.kind).toBe('email');
    expect(refusal.retryAt).toEqual(new Date(NOW.getTime() + LEAD_LIMITS.email.windowMs));
    expect(refusal.message).toContain('3 new contact requests in the last 24 hours');
    expect(refusal.message).toContain(`Try again after ${refusal.retryAt.toISOString()}`);
    expect(refusal.message).not.toContain('ada@');
    expect(describeLimitError(refusal, 'hello@example.com')).toContain('write to hello@example.com');
    expect(store.leads).toHaveLength(3);
    // The refused request did not keep its claim: after the window it files a new lead.
    const afterWindow = await submitLead(
      store,
      { ...input, message: message(3) },
      { source: 'form', consent },
      later(LEAD_LIMITS.email.windowMs + 1),
      { limits },
    );
    expect(afterWindow.duplicate).toBe(false);
  });

  test('per IP: 10 new leads per hour, then refused until the oldest leaves the window', async () => {
    const store = createMemoryLeadStore();
    const limits = createMemoryLimitLedger();
    const origin = { source: 'form' as const, consent, clientIp: '198.51.100.7' };
    for (let n = 0; n < 10; n++)
      await submitLead(store, { ...input, email: `p${n}@example.com` }, origin, later(n * 60_000), { limits });
    const error = (await submitLead(store, { ...input, email: 'p10@example.com' }, origin, later(10 * 60_000), {
      limits,
    }).catch((reason: unknown) => reason)) as LeadLimitError;
    expect(error).toBeInstanceOf(LeadLimitError);
    expect(error.kind).toBe('ip');
    expect(error.message).toContain('10 new contact requests have already come from this network in the last hour');
    expect(error.message).not.toContain('198.51');
    expect(error.retryAt).toEqual(later(LEAD_LIMITS.ip.windowMs));
    // Another IP is not affected; after the window the first IP may send again.
    await expect(
      submitLead(
        store,
        { ...input, email: 'p11@example.com' },
        { ...origin, clientIp: '203.0.113.9' },
        later(10 * 60_000),
        { limits },
      ),
    ).resolves.toBeTruthy();
    await expect(
      submitLead(store, { ...input, email: 'p12@example.com' }, origin, later(LEAD_LIMITS.ip.windowMs + 1), { limits }),
    ).resolves.toBeTruthy();
  });

  test('an e-mail refusal gives back the IP count; keys are hashes, never the raw values', async () => {
    const limits = createMemoryLimitLedger();
    for (let n = 0; n < 3; n++) await checkLeadLimits(limits, { email: 'x@example.com' }, later(n));
    await expect(
      checkLeadLimits(limits, { email: 'x@example.com', clientIp: '192.0.2.5' }, later(10)),
    ).rejects.toBeInstanceOf(LeadLimitError);
    for (let n = 0; n < 10; n++)
      await checkLeadLimits(limits, { email: `y${n}@example.com`, clientIp: '192.0.2.5' }, later(20 + n));
    await expect(
      checkLeadLimits(limits, { email: 'z@example.com', clientIp: '192.0.2.5' }, later(40)),
    ).rejects.toMatchObject({ kind: 'ip' });
    expect(limits.keys.join(' ')).not.toMatch(/example|192\.0/);
    expect(await limitKey('email', ' X@Example.com ')).toBe(await limitKey('email', 'x@example.com'));
    expect(await limitKey('email', 'x@example.com')).toMatch(/^email-[0-9a-f]{64}$/);
  });
});
