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
    const input = leadInputSchema.parse({
      name: `Lead ${n}`,
      email: `lead-${n}@example.com`,
      message: `Listing test lead number ${n}.`,
    });
    leads.push((await submitLead(store, input, { source: 'form' }, new Date(Date.UTC(2026, 10, 1, n)))).lead);
  }
  return leads.reverse();
}

describe('withCompleteListing', () => {
  test('adds the records a short listing left out, newest first; names the unreadable ones; skips temporary files and records gone since', async () => {
    const memory = createMemoryLeadStore();
    const all = await fill(memory, 5);
    const directory = await tempDir('listing-dir-');
    for (const lead of all) await writeFile(path.join(directory, lead.reference), '{}');
    await writeFile(path.join(directory, '.k3j2h1'), '{}'); // a write in progress
    await writeFile(path.join(directory, 'NB-BAD0-0000'), 'not a lead'); // stays: unreadable
    await writeFile(path.join(directory, 'NB-GONE-0000'), '{}'); // deleted before it is read
    const asked: string[] = [];
    const short = {
      ...memory,
      list: async () => ({ leads: (await memory.list()).leads.slice(0, 2), unreadable: [] }),
      get: async (reference: string) => {
        asked.push(reference);
        if (reference === 'NB-GONE-0000') await rm(path.join(directory, reference));
        return memory.get(reference);
      },
    };
    expect(await withCompleteListing(short, directory).list()).toEqual({ leads: all, unreadable: ['NB-BAD0-0000'] });
    expect(asked.sort()).toEqual(
      [...all.slice(2).map((lead) => lead.reference), 'NB-BAD0-0000', 'NB-GONE-0000'].sort(),
    );
  });

  test('a complete listing is returned as it is; no directory means nothing to add', async () => {
    const memory = createMemoryLeadStore();
    const all = await fill(memory, 3);
    const directory = path.join(await tempDir('listing-none-'), 'missing');
    expect(await withCompleteListing(memory, directory).list()).toEqual({ leads: all, unreadable: [] });
    const listedUnreadable = { ...memory, list: () => Promise.resolve({ leads: all, unreadable: ['NB-BAD0-0000'] }) };
    expect(await withCompleteListing(listedUnreadable, directory).list()).toEqual({
      leads: all,
      unreadable: ['NB-BAD0-0000'],
    });
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
      const records = getStore({
        name: LEADS_STORE_NAME,
        siteID: 'unlinked',
        token,
        apiURL: `http://127.0.0.1:${port}`,
      });
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
        for (let listing = 0; listing < 15; listing++) counts.push((await store.list()).leads.length);
      } finally {
        writing = false;
        await Promise.all(writers);
      }
      expect(counts).toEqual(Array.from({ length: 15 }, () => all.length));
      expect(await store.list()).toEqual({ leads: all, unreadable: [] });
    } finally {
      await server.stop();
    }
    // 16 listings of 100 records through a real server while 8 writers rewrite them: seconds alone, over
    // the unit project's 20 s on a loaded 2-core machine (a CI run).
  }, 60_000);
});
