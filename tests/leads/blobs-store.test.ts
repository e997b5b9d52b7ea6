/** The Netlify Blobs LeadStore against a local Blobs server (the same server netlify-cli runs). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createBlobsLeadStore,
  createBlobsLimitLedger,
  LIST_READ_CONCURRENCY,
  mapWithConcurrency,
} from '../../src/leads/blobs-store.ts';
import { LeadLimitError } from '../../src/leads/limits.ts';
import { leadInputSchema } from '../../src/leads/schema.ts';
import type { LeadStore } from '../../src/leads/store.ts';
import { DUPLICATE_WINDOW_MS, LeadStoreError, submitLead } from '../../src/leads/submit.ts';
import { pruneLeads } from '../../src/leads/retention.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const TOKEN = 'test-token';
let server: BlobsServer;
let directory: string;
let store: LeadStore;
let apiURL: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'leads-blobs-'));
  server = new BlobsServer({ directory, token: TOKEN });
  const { port } = await server.start();
  apiURL = `http://127.0.0.1:${port}`;
  store = createBlobsLeadStore({ siteID: 'test-site', token: TOKEN, apiURL });
});

afterAll(async () => {
  await server.stop();
  await rm(directory, { recursive: true, force: true });
});

const input = leadInputSchema.parse({
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: 'Navy',
  message: 'We have COBOL to modernise, can we talk?',
});
const NOW = new Date('2026-11-20T10:00:00.000Z');

describe('createBlobsLeadStore', () => {
  test('stores a lead durably and finds it again by its duplicate key', async () => {
    const { lead, duplicate } = await submitLead(
      store,
      input,
      { source: 'agent', client: { name: 'test', version: '1' } },
      NOW,
    );
    expect(duplicate).toBe(false);
    // A fresh store object (a new function invocation) sees it.
    const again = createBlobsLeadStore({ siteID: 'test-site', token: TOKEN, apiURL });
    expect(await again.findByDedupeKey(lead.dedupeKey)).toEqual(lead);
    expect(await again.get(lead.reference)).toEqual(lead);
    expect(await again.get('NB-0000-0000')).toBeUndefined();
    expect((await again.list()).leads).toEqual([lead]);
    const repeat = await submitLead(again, input, { source: 'agent' }, new Date(NOW.getTime() + 60_000));
    expect(repeat).toEqual({ lead, duplicate: true });
    expect((await again.list()).leads).toHaveLength(1);
  });

  test('never overwrites an existing reference', async () => {
    const [existing] = (await store.list()).leads;
    expect(await store.insert({ ...existing!, name: 'Impostor' })).toBe(false);
    expect((await store.list()).leads[0]!.name).toBe('Grace Hopper');
  });

  test('lists newest first', async () => {
    const next = await submitLead(store, input, { source: 'form' }, new Date(NOW.getTime() + DUPLICATE_WINDOW_MS + 1));
    const listed = (await store.list()).leads;
    expect(listed.map((lead) => lead.reference)[0]).toBe(next.lead.reference);
    expect(listed).toHaveLength(2);
  });

  test('an unreachable store makes submitLead reject with LeadStoreError', async () => {
    const broken = createBlobsLeadStore({ siteID: 'test-site', token: TOKEN, apiURL: 'http://127.0.0.1:9' });
    await expect(
      submitLead(broken, { ...input, message: 'A different message for this test.' }, { source: 'agent' }, NOW),
    ).rejects.toBeInstanceOf(LeadStoreError);
  });

  test('without credentials it uses the function environment (NETLIFY_BLOBS_CONTEXT, edge URLs)', async () => {
    const context = { siteID: 'env-site', token: TOKEN, edgeURL: apiURL, uncachedEdgeURL: apiURL };
    const previous = process.env.NETLIFY_BLOBS_CONTEXT;
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(context)).toString('base64');
    try {
      const fromEnvironment = createBlobsLeadStore();
      const { lead } = await submitLead(fromEnvironment, input, { source: 'form' }, NOW);
      expect((await fromEnvironment.list()).leads).toEqual([lead]);
      expect((await submitLead(fromEnvironment, input, { source: 'form' }, NOW)).duplicate).toBe(true);
    } finally {
      if (previous === undefined) delete process.env.NETLIFY_BLOBS_CONTEXT;
      else process.env.NETLIFY_BLOBS_CONTEXT = previous;
    }
  });

  test('a wrong token is a failure, not a silent success', async () => {
    const unauthorised = createBlobsLeadStore({ siteID: 'test-site', token: 'wrong', apiURL });
    await expect(
      submitLead(unauthorised, { ...input, message: 'Yet another message for this test.' }, { source: 'agent' }, NOW),
    ).rejects.toBeInstanceOf(LeadStoreError);
  });

  test('update replaces an existing record, never creates one', async () => {
    const fresh = createBlobsLeadStore({ name: 'update-test', siteID: 'test-site', token: TOKEN, apiURL });
    const { lead } = await submitLead(fresh, input, { source: 'form' }, NOW);
    const sent = { ...lead, notification: { status: 'sent' as const, attempts: 1, lastAttemptAt: NOW.toISOString() } };
    expect(await fresh.update(sent)).toBe(true);
    expect(await fresh.get(lead.reference)).toEqual(sent);
    const twice = { ...sent, notification: { ...sent.notification, attempts: 2 } };
    expect(await fresh.update(twice)).toBe(true);
    expect(await fresh.get(lead.reference)).toEqual(twice);
    expect(await fresh.update({ ...lead, reference: 'NB-0000-0000' })).toBe(false);
    expect(await fresh.get('NB-0000-0000')).toBeUndefined();
  });

  test('delete removes the lead and its duplicate marker and says whether it existed', async () => {
    const fresh = createBlobsLeadStore({ name: 'delete-test', siteID: 'test-site', token: TOKEN, apiURL });
    const { lead } = await submitLead(fresh, input, { source: 'form' }, NOW);
    expect(await fresh.delete(lead.reference)).toBe(true);
    expect(await fresh.delete(lead.reference)).toBe(false);
    expect(await fresh.get(lead.reference)).toBeUndefined();
    expect(await fresh.findByDedupeKey(lead.dedupeKey)).toBeUndefined();
    expect((await fresh.list()).leads).toEqual([]);
    expect((await submitLead(fresh, input, { source: 'form' }, NOW)).duplicate).toBe(false);
  });

  test('20 concurrent identical submissions (separate store objects) file exactly one lead', async () => {
    const options = { name: 'concurrent-test', siteID: 'test-site', token: TOKEN, apiURL };
    const limits = createBlobsLimitLedger({ name: 'concurrent-limits', siteID: 'test-site', token: TOKEN, apiURL });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        submitLead(createBlobsLeadStore(options), input, { source: 'agent', clientIp: '192.0.2.1' }, NOW, { limits }),
      ),
    );
    const stored = (await createBlobsLeadStore(options).list()).leads;
    expect(stored).toHaveLength(1);
    expect(new Set(results.map((result) => result.lead.reference))).toEqual(new Set([stored[0]!.reference]));
    expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
  });

  test('an expired duplicate marker is taken over; concurrent takeovers still file one lead', async () => {
    const options = { name: 'expired-test', siteID: 'test-site', token: TOKEN, apiURL };
    const first = await submitLead(createBlobsLeadStore(options), input, { source: 'form' }, NOW);
    const after = new Date(NOW.getTime() + DUPLICATE_WINDOW_MS + 1);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => submitLead(createBlobsLeadStore(options), input, { source: 'form' }, after)),
    );
    const fresh = results.filter((result) => !result.duplicate);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.lead.reference).not.toBe(first.lead.reference);
    expect((await createBlobsLeadStore(options).list()).leads).toHaveLength(2);
  });

  test('the Blobs limit ledger is durable and exact under concurrency', async () => {
    const ledgerOptions = { name: 'limits-test', siteID: 'test-site', token: TOKEN, apiURL };
    const leadOptions = { name: 'limits-leads', siteID: 'test-site', token: TOKEN, apiURL };
    // 6 different messages from one address at once: exactly 3 are filed, 3 refused.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, n) =>
        submitLead(
          createBlobsLeadStore(leadOptions),
          { ...input, message: `Concurrent message ${n} for the limit test.` },
          { source: 'form' },
          NOW,
          {
            limits: createBlobsLimitLedger(ledgerOptions),
          },
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(refused).toHaveLength(3);
    for (const outcome of refused) expect(outcome.reason).toBeInstanceOf(LeadLimitError);
    expect((await createBlobsLeadStore(leadOptions).list()).leads).toHaveLength(3);
    // The counts live in the store, not in the ledger object.
    await expect(
      submitLead(
        createBlobsLeadStore(leadOptions),
        { ...input, message: 'One more message for the limit test.' },
        { source: 'form' },
        NOW,
        {
          limits: createBlobsLimitLedger(ledgerOptions),
        },
      ),
    ).rejects.toBeInstanceOf(LeadLimitError);
  });
});

describe('mapWithConcurrency (how list reads many records)', () => {
  test('keeps the order, never has more than the limit in flight, and uses the whole limit', async () => {
    let inFlight = 0;
    let most = 0;
    const items = Array.from({ length: 100 }, (_, n) => n);
    const results = await mapWithConcurrency(items, LIST_READ_CONCURRENCY, async (n) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, (n * 7) % 5));
      inFlight--;
      return n * 2;
    });
    expect(results).toEqual(items.map((n) => n * 2));
    expect(most).toBe(LIST_READ_CONCURRENCY);
  });

  test('a failing read rejects the whole result; no items give an empty result', async () => {
    await expect(
      mapWithConcurrency([1, 2, 3], 2, async (n) => (n === 2 ? Promise.reject(new Error('read failed')) : n)),
    ).rejects.toThrow('read failed');
    expect(await mapWithConcurrency([], 4, () => Promise.resolve(1))).toEqual([]);
  });

  test('list reads a store of many leads in full', async () => {
    const many = createBlobsLeadStore({ name: 'many-leads', siteID: 'test-site', token: TOKEN, apiURL });
    const base = (await store.list()).leads[0]!;
    const count = LIST_READ_CONCURRENCY * 3 + 5;
    for (let n = 0; n < count; n++) {
      const createdAt = new Date(NOW.getTime() + n * 1000).toISOString();
      expect(
        await many.insert({
          ...base,
          reference: `NB-${String(n).padStart(4, '0')}-AAAA`,
          createdAt,
          dedupeKey: `many-${n}`,
        }),
      ).toBe(true);
    }
    const listed = (await many.list()).leads;
    expect(listed).toHaveLength(count);
    expect(listed[0]!.reference).toBe(`NB-${String(count - 1).padStart(4, '0')}-AAAA`);
  });

  test('list names the records that are not readable leads instead of dropping them or failing', async () => {
    const name = 'unreadable-leads';
    const mixed = createBlobsLeadStore({ name, siteID: 'test-site', token: TOKEN, apiURL });
    const { lead } = await submitLead(mixed, input, { source: 'form' }, NOW);
    const raw = getStore({ name, siteID: 'test-site', token: TOKEN, apiURL });
    await raw.set('NB-BAD0-JSON', '{"reference": "NB-BAD0-JSON", "name": ');
    await raw.setJSON('NB-BAD0-SHAP', { reference: 'NB-BAD0-SHAP', note: 'not a lead' });
    expect(await mixed.list()).toEqual({ leads: [lead], unreadable: ['NB-BAD0-JSON', 'NB-BAD0-SHAP'] });
    // Reading one on its own is "no such lead", not a store failure.
    expect(await mixed.get('NB-BAD0-JSON')).toBeUndefined();
    // Retention cannot tell their age: it keeps them and says so.
    expect(await pruneLeads(mixed, new Date(NOW.getTime() + 1000 * DAY_MS), 1)).toEqual({
      deleted: [lead.reference],
      unreadable: ['NB-BAD0-JSON', 'NB-BAD0-SHAP'],
    });
    expect(await mixed.list()).toEqual({ leads: [], unreadable: ['NB-BAD0-JSON', 'NB-BAD0-SHAP'] });
  });
});
