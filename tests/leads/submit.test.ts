/** The lead pipeline: validation, references, duplicate suppression, store failures. */
import { describe, expect, test } from 'vitest';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import { createLeadReference, LEAD_REFERENCE_PATTERN } from '../../src/lead-reference.ts';
import { LEAD_BOUNDS, leadInputSchema, leadSchema, type Lead } from '../../src/leads/schema.ts';
import type { LeadStore } from '../../src/leads/store.ts';
import { DUPLICATE_WINDOW_MS, leadDedupeKey, LeadStoreError, submitLead } from '../../src/leads/submit.ts';
import { LEAD_INPUT, later, NOW } from '../support/lead-input.ts';

const input = LEAD_INPUT;

describe('leadInputSchema', () => {
  test('trims every field and keeps an optional company', () => {
    const parsed = leadInputSchema.parse({
      name: '  Ada ',
      email: ' ada@example.com ',
      company: ' Engines ',
      message: '  Hello there, team!  ',
    });
    expect(parsed).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      company: 'Engines',
      message: 'Hello there, team!',
    });
  });

  test.each([
    ['an empty name', { name: ' ' }, 'name'],
    ['a long name', { name: 'x'.repeat(LEAD_BOUNDS.name.max + 1) }, 'name'],
    ['a newline in the name', { name: 'Ada\nEvil' }, 'name'],
    ['a bad e-mail', { email: 'ada@' }, 'email'],
    ['a long e-mail', { email: `${'a'.repeat(250)}@example.com` }, 'email'],
    ['a long company', { company: 'x'.repeat(LEAD_BOUNDS.company.max + 1) }, 'company'],
    ['a short message', { message: 'too short' }, 'message'],
    ['a long message', { message: 'x'.repeat(LEAD_BOUNDS.message.max + 1) }, 'message'],
    ['an unknown field', { phone: '123' }, ''],
  ])('rejects %s', (_, change, field) => {
    const result = leadInputSchema.safeParse({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'A long enough message.',
      ...change,
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path.join('.')).toBe(field);
  });

  test('keeps newlines in the message', () => {
    expect(leadInputSchema.parse({ ...input, message: 'Line one\nLine two.' }).message).toBe('Line one\nLine two.');
  });
});

describe('createLeadReference', () => {
  test('makes NB-XXXX-XXXX references from the unambiguous alphabet, different each time', () => {
    const references = new Set(Array.from({ length: 500 }, () => createLeadReference()));
    expect(references.size).toBe(500);
    for (const reference of references) expect(reference).toMatch(LEAD_REFERENCE_PATTERN);
    expect([...references].join('')).not.toMatch(/[ILOU]/);
  });
});

describe('leadDedupeKey', () => {
  test('ignores e-mail case and whitespace differences in the message, and holds no personal data', async () => {
    const key = await leadDedupeKey(input);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await leadDedupeKey({ email: 'ADA@Example.com', message: `  ${input.message.replace(/ /g, '   ')} ` })).toBe(
      key,
    );
    expect(await leadDedupeKey({ email: 'ada@example.com', message: `${input.message}!` })).not.toBe(key);
  });
});

describe('submitLead', () => {
  test('stores the lead (valid record) and returns it', async () => {
    const store = createMemoryLeadStore();
    const { lead, duplicate } = await submitLead(store, { ...input, company: 'Engines' }, { source: 'form' }, NOW);
    expect(duplicate).toBe(false);
    expect(leadSchema.parse(lead)).toEqual(lead);
    expect(lead).toMatchObject({
      createdAt: NOW.toISOString(),
      source: 'form',
      company: 'Engines',
      email: input.email,
    });
    expect(lead.reference).toMatch(LEAD_REFERENCE_PATTERN);
    expect(store.leads).toEqual([lead]);
    expect(await store.get(lead.reference)).toEqual(lead);
    expect(await store.get('NB-0000-0000')).toBeUndefined();
  });

  test("records the request's language; a record stored before languages were recorded still reads, without one", async () => {
    const store = createMemoryLeadStore();
    const { lead } = await submitLead(store, input, { source: 'form', language: 'nl' }, NOW);
    expect(lead.language).toBe('nl');
    expect(leadSchema.parse(lead).language).toBe('nl');
    const { language: _language, ...older } = lead;
    const read = leadSchema.parse(older);
    expect(read).not.toHaveProperty('language');
    expect(read.reference).toBe(lead.reference);
  });

  test('records the client of an agent lead', async () => {
    const store = createMemoryLeadStore();
    const { lead } = await submitLead(store, input, { source: 'agent', client: { userAgent: 'curl/8.5' } }, NOW);
    expect(lead.client).toEqual({ userAgent: 'curl/8.5' });
  });

  test('a repeat within the window returns the first lead; after it, a new lead is filed', async () => {
    const store = createMemoryLeadStore();
    const first = await submitLead(store, input, { source: 'agent' }, NOW);
    const repeat = await submitLead(store, input, { source: 'form' }, later(DUPLICATE_WINDOW_MS - 1));
    expect(repeat).toEqual({ lead: first.lead, duplicate: true });
    expect(store.leads).toHaveLength(1);
    const afterWindow = await submitLead(store, input, { source: 'agent' }, later(DUPLICATE_WINDOW_MS));
    expect(afterWindow.duplicate).toBe(false);
    expect(afterWindow.lead.reference).not.toBe(first.lead.reference);
    expect(store.leads).toHaveLength(2);
    // The newest one now answers repeats.
    expect(
      (await submitLead(store, input, { source: 'agent' }, later(DUPLICATE_WINDOW_MS + 1000))).lead.reference,
    ).toBe(afterWindow.lead.reference);
  });

  test('a different message from the same address is a new lead', async () => {
    const store = createMemoryLeadStore();
    await submitLead(store, input, { source: 'agent' }, NOW);
    const other = await submitLead(
      store,
      { ...input, message: 'And a second, different question.' },
      { source: 'agent' },
      NOW,
    );
    expect(other.duplicate).toBe(false);
    expect(store.leads).toHaveLength(2);
  });

  test('a reference that already exists is never overwritten: a new one is drawn', async () => {
    const store = createMemoryLeadStore();
    let attempts = 0;
    const picky: LeadStore = { ...store, insert: async (lead) => (++attempts < 3 ? false : store.insert(lead)) };
    const { lead } = await submitLead(picky, input, { source: 'agent' }, NOW);
    expect(attempts).toBe(3);
    expect(store.leads).toEqual([lead]);
  });

  test('gives up with LeadStoreError when no reference is free', async () => {
    const full: LeadStore = { ...createMemoryLeadStore(), insert: () => Promise.resolve(false) };
    await expect(submitLead(full, input, { source: 'agent' }, NOW)).rejects.toBeInstanceOf(LeadStoreError);
  });

  test('a failing write rejects with LeadStoreError (keeping the cause) and reports no success', async () => {
    const cause = new Error('503 from blobs');
    const memory = createMemoryLeadStore();
    const failing: LeadStore = {
      ...memory,
      insert: () => Promise.reject(cause),
    };
    const error = await submitLead(failing, input, { source: 'agent' }, NOW).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(LeadStoreError);
    expect((error as LeadStoreError).cause).toBe(cause);
    // The claim was released: the same request later succeeds.
    expect((await submitLead(memory, input, { source: 'agent' }, NOW)).duplicate).toBe(false);
  });

  test('a failing duplicate lookup rejects with LeadStoreError and writes nothing', async () => {
    const written: Lead[] = [];
    const failing: LeadStore = {
      ...createMemoryLeadStore(),
      insert: (lead) => {
        written.push(lead);
        return Promise.resolve(true);
      },
      claimDedupe: () => Promise.reject(new Error('timeout')),
    };
    await expect(submitLead(failing, input, { source: 'agent' }, NOW)).rejects.toBeInstanceOf(LeadStoreError);
    expect(written).toEqual([]);
  });
});

describe('createMemoryLeadStore', () => {
  test('lists newest first and refuses a taken reference', async () => {
    const store = createMemoryLeadStore();
    const a = (await submitLead(store, input, { source: 'agent' }, NOW)).lead;
    const b = (
      await submitLead(
        store,
        { ...input, message: 'Another topic entirely, please.' },
        { source: 'agent' },
        later(1000),
      )
    ).lead;
    expect((await store.list()).leads.map((lead) => lead.reference)).toEqual([b.reference, a.reference]);
    expect(await store.insert({ ...b, name: 'Someone else' })).toBe(false);
    expect((await store.list()).leads[0]!.name).toBe('Ada Lovelace');
  });
});
