/**
 * The operator command's local listing (scripts/leads/target.ts, withCompleteListing): the
 * local Blobs server answers a listing taken during a write with only the records it reached
 * before the write's rename (see the function's comment), so the command completes the
 * listing from the store's directory.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterEach, describe, expect, test } from 'vitest';
import { localLeadsDirectory, withCompleteListing } from '../../scripts/leads/target.ts';
import { createBlobsLeadStore, LEADS_STORE_NAME } from '../../src/leads/blobs-store.ts';
import { createMemoryLeadStore } from '../../src/leads/memory-store.ts';
import { leadInputSchema, type Lead } from '../../src/leads/schema.ts';
import { submitLead } from '../../src/leads/submit.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** `count` leads in `store`, one hour apart from 2026-11-01, returned newest first. */
async function fill(store: Parameters<typeof submitLead>[0], count: number): Promise<Lead[]> {
  const leads: Lead[] = [];
  for (let n = 0; n < count; n++) {
    const input = leadInputSchema.parse({ name: `Lead ${n}`, email: `lead-${n}@example.com`, message: `Listing test lead number ${n}.` });
    leads.push((await submitLead(store, input, { source: 'form' }, new Date(Date.UTC(2026, 10, 1, n)))).lead);
  }
  return leads.reverse();
}

describe('withCompleteListing', () => {
  test('adds the records a short listing left out, newest first; skips temporary files and records that do not read as leads', async () => {
    const memory = createMemoryLeadStore();
    const all = await fill(memory, 5);
    const directory = await tempDir('listing-dir-');
    for (const lead of all) await writeFile(path.join(directory, lead.reference), '{}');
    await writeFile(path.join(directory, '.k3j2h1'), '{}'); // a write in progress
    await writeFile(path.join(directory, 'NB-GONE-0000'), '{}'); // deleted, or not a lead
    const asked: string[] = [];
    const short = {
      ...memory,
      list: async () => (await memory.list()).slice(0, 2),
      get: async (reference: string) => {
        asked.push(reference);
        return memory.get(reference);
      },
    };
    expect(await withCompleteListing(short, directory).list()).toEqual(all);
    expect(asked.sort()).toEqual([...all.slice(2).map((lead) => lead.reference), 'NB-GONE-0000'].sort());
  });

  test('a complete listing is returned as it is; no directory means nothing to add', async () => {
    const memory = createMemoryLeadStore();
    const all = await fill(memory, 3);
    expect(await withCompleteListing(memory, path.join(await tempDir('listing-none-'), 'missing')).list()).toEqual(all);
  });

  test('against the local Blobs server while records are being rewritten: every listing holds every lead', async () => {
    const project = await tempDir('listing-project-');
    const token = 'listing-token';
    const server = new BlobsServer({ directory: path.join(project, '.netlify', 'blobs-serve'), token });
    const { port } = await server.start();
    try {
      const raw = createBlobsLeadStore({ siteID: 'unlinked', token, apiURL: `http://127.0.0.1:${port}` });
      const store = withCompleteListing(raw, localLeadsDirectory(project));
      // The records as the site stores them (filled directly: submitting 100 leads is slow).
      const records = getStore({ name: LEADS_STORE_NAME, siteID: 'unlinked', token, apiURL: `http://127.0.0.1:${port}` });
      const all = await fill(createMemoryLeadStore(), 100);
      await Promise.all(all.map((lead) => records.setJSON(lead.reference, lead)));
      // The directory the listing is completed from holds one file per lead, named by reference.
      expect((await readdir(localLeadsDirectory(project))).sort()).toEqual(all.map((lead) => lead.reference).sort());
      // What `npm start` does while notification states are saved: rewrite records, 8 at once.
      let writing = true;
      const writers = Array.from({ length: 8 }, async (_, writer) => {
        for (let round = 0; writing; round++) {
          const lead = all[(round * 8 + writer) % all.length]!;
          await records.setJSON(lead.reference, lead);
        }
      });
      const counts: number[] = [];
      try {
        for (let listing = 0; listing < 15; listing++) counts.push((await store.list()).length);
      } finally {
        writing = false;
        await Promise.all(writers);
      }
      expect(counts).toEqual(Array.from({ length: 15 }, () => all.length));
      expect(await store.list()).toEqual(all);
    } finally {
      await server.stop();
    }
  });
});
