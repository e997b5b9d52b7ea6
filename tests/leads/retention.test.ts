/** Retention: pruneLeads deletes leads older than the retention period (memory and Blobs). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { describe, expect, test } from 'vitest';
import { createBlobsLeadStore } from '../../src/leads/blobs-store.ts';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import { pruneLeads } from '../../src/leads/retention.ts';
import { DEFAULT_RETENTION_DAYS } from '../../src/schemas/company.ts';
import { leadInputSchema } from '../../src/leads/schema.ts';
import type { LeadStore } from '../../src/leads/store.ts';
import { submitLead } from '../../src/leads/submit.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-20T10:00:00.000Z');
const input = leadInputSchema.parse({ name: 'Ada', email: 'ada@example.com', message: 'A long enough message.' });

async function fill(store: LeadStore) {
  const ages = [DEFAULT_RETENTION_DAYS + 10, DEFAULT_RETENTION_DAYS + 0.001, DEFAULT_RETENTION_DAYS - 0.001, 1];
  const leads = [];
  for (const [n, age] of ages.entries()) {
    leads.push(
      (
        await submitLead(
          store,
          { ...input, message: `Message ${n} is long enough.` },
          { source: 'form' },
          new Date(NOW.getTime() - age * DAY),
        )
      ).lead,
    );
  }
  return leads;
}

describe('pruneLeads', () => {
  test('deletes exactly the leads older than the retention days and returns their references', async () => {
    const store = createMemoryLeadStore();
    const [old, justOld, justYoung, young] = await fill(store);
    expect(DEFAULT_RETENTION_DAYS).toBe(180);
    expect((await pruneLeads(store, NOW, DEFAULT_RETENTION_DAYS)).deleted.sort()).toEqual(
      [old!.reference, justOld!.reference].sort(),
    );
    expect((await store.list()).leads.map((lead) => lead.reference).sort()).toEqual(
      [justYoung!.reference, young!.reference].sort(),
    );
    expect(await pruneLeads(store, NOW, DEFAULT_RETENTION_DAYS)).toEqual({ deleted: [], unreadable: [] });
    expect(await pruneLeads(store, NOW, 1)).toEqual({ deleted: [justYoung!.reference], unreadable: [] });
  });

  test('rejects a nonsensical retention', async () => {
    await expect(pruneLeads(createMemoryLeadStore(), NOW, 0)).rejects.toBeInstanceOf(RangeError);
    await expect(pruneLeads(createMemoryLeadStore(), NOW, Number.NaN)).rejects.toBeInstanceOf(RangeError);
  });

  test('works on the Blobs store (markers go too)', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'leads-prune-'));
    const server = new BlobsServer({ directory, token: 'token' });
    const { port } = await server.start();
    try {
      const store = createBlobsLeadStore({ siteID: 'prune-site', token: 'token', apiURL: `http://127.0.0.1:${port}` });
      const [old, justOld] = await fill(store);
      expect((await pruneLeads(store, NOW, DEFAULT_RETENTION_DAYS)).deleted.sort()).toEqual(
        [old!.reference, justOld!.reference].sort(),
      );
      expect((await store.list()).leads).toHaveLength(2);
      expect(await store.findByDedupeKey(old!.dedupeKey)).toBeUndefined();
    } finally {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
