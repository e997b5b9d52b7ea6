/** createLeadIntake: one outcome for every way filing a lead can end, as the form and the tool render it. */
import { describe, expect, test, vi } from 'vitest';
import { createLeadIntake } from '../../src/leads/intake.ts';
import { createMemoryLimitLedger, LEAD_LIMITS } from '../../src/leads/limits.ts';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import type { LeadPipeline } from '../../src/leads/pipeline.ts';
import { leadInputSchema, type Lead } from '../../src/leads/schema.ts';
import type { LeadStore } from '../../src/leads/store.ts';

const input = leadInputSchema.parse({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'We need help with a data platform for our shops.',
});
const at = new Date('2026-11-20T10:00:00.000Z');
const origin = { source: 'form' as const, clientIp: '192.0.2.7' };
const CONTACT = 'hello@example.com';

function intake(pipeline: LeadPipeline | (() => Promise<LeadPipeline>) | undefined) {
  const onError = vi.fn();
  const load = typeof pipeline === 'function' ? pipeline : pipeline ? () => Promise.resolve(pipeline) : undefined;
  return { file: createLeadIntake({ pipeline: load, contactEmail: CONTACT, referencePrefix: 'TE', onError }), onError };
}

describe('createLeadIntake', () => {
  test('filed: the lead is stored before the outcome, and the work after a new lead starts', async () => {
    const store = createMemoryLeadStore();
    const afterLead = vi.fn<(lead: Lead) => Promise<void>>(() => Promise.resolve());
    const { file, onError } = intake({ store, afterLead });
    const outcome = await file(input, origin, { at });
    expect(outcome.kind).toBe('filed');
    const lead = outcome.kind === 'filed' ? outcome.lead : undefined;
    expect(await store.get(lead!.reference)).toEqual(lead);
    expect(afterLead).toHaveBeenCalledWith(lead);
    expect(onError).not.toHaveBeenCalled();
  });

  test('duplicate: the first lead back, nothing new stored, no second notification', async () => {
    const store = createMemoryLeadStore();
    const afterLead = vi.fn<(lead: Lead) => Promise<void>>(() => Promise.resolve());
    const { file } = intake({ store, afterLead });
    const first = await file(input, origin, { at });
    const again = await file(input, origin, { at: new Date(at.getTime() + 60_000) });
    expect(again.kind).toBe('duplicate');
    expect(again.kind === 'duplicate' && first.kind === 'filed' && again.lead.reference).toBe(
      first.kind === 'filed' && first.lead.reference,
    );
    expect((await store.list()).leads).toHaveLength(1);
    expect(afterLead).toHaveBeenCalledOnce();
  });

  test('refused: why, with the contact address, and when to try again; nothing stored, nothing logged', async () => {
    const store = createMemoryLeadStore();
    const { file, onError } = intake({ store, limits: createMemoryLimitLedger() });
    for (let n = 0; n < LEAD_LIMITS.email.max; n++)
      expect((await file({ ...input, message: `${input.message} ${n}` }, origin, { at })).kind).toBe('filed');
    const outcome = await file({ ...input, message: `${input.message} again` }, origin, { at });
    expect(outcome).toMatchObject({ kind: 'refused', retryAt: new Date(at.getTime() + LEAD_LIMITS.email.windowMs) });
    expect(outcome.kind === 'refused' && outcome.reason).toContain(CONTACT);
    expect((await store.list()).leads).toHaveLength(LEAD_LIMITS.email.max);
    expect(onError).not.toHaveBeenCalled();
  });

  test('unavailable, not configured: no pipeline at all', async () => {
    const { file, onError } = intake(undefined);
    expect(await file(input, origin, { at })).toEqual({ kind: 'unavailable', configured: false });
    expect(onError).not.toHaveBeenCalled();
  });

  test('unavailable: the pipeline cannot be loaded (reported), or the store fails (expected, not reported)', async () => {
    const loadFails = intake(() => Promise.reject(new Error('no module')));
    expect(await loadFails.file(input, origin, { at })).toEqual({ kind: 'unavailable', configured: true });
    expect(loadFails.onError).toHaveBeenCalledOnce();

    const broken: LeadStore = {
      ...createMemoryLeadStore(),
      claimDedupe: () => Promise.reject(new Error('blobs down')),
    };
    const storeFails = intake({ store: broken });
    expect(await storeFails.file(input, origin, { at })).toEqual({ kind: 'unavailable', configured: true });
    expect(storeFails.onError).not.toHaveBeenCalled();
  });
});
