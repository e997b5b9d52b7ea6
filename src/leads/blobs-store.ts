/**
 * The production LeadStore on Netlify Blobs (also works locally under netlify-cli, and from an
 * operator command given siteID/token/apiURL). The only module of the project that imports
 * @netlify/blobs. Two site-wide stores:
 *
 * - `leads`: key `<reference>`, the lead record (JSON), written with `onlyIfNew`, so a
 *   reference is never overwritten; listing this store lists the leads;
 * - `leads-dedupe`: key `<dedupeKey>`, `{ reference, createdAt }` of the latest lead with that
 *   key (duplicate suppression).
 *
 * Two stores rather than key prefixes in one: listing needs no prefix filter (which the local
 * Blobs server of netlify-cli mishandles in API mode, returning nothing).
 * Every read and write uses strong consistency, so a retry right after a write sees it.
 */
import { getStore, type Store } from '@netlify/blobs';
import { leadSchema, type Lead } from './schema.ts';
import type { LeadStore } from './store.ts';

/** The name of the site-wide store that holds leads; duplicate markers live in `<name>-dedupe`. */
export const LEADS_STORE_NAME = 'leads';

export interface BlobsLeadStoreOptions {
  /** Store name; defaults to `leads` (and `leads-dedupe` for the markers). */
  name?: string;
  /** Explicit credentials, for operator commands outside a Netlify function. */
  siteID?: string;
  token?: string;
  apiURL?: string;
  edgeURL?: string;
  uncachedEdgeURL?: string;
}

interface DedupeMarker {
  reference: string;
  createdAt: string;
}

export function createBlobsLeadStore(options: BlobsLeadStoreOptions = {}): LeadStore {
  const { name = LEADS_STORE_NAME, ...credentials } = options;
  // Resolved per call: inside a function the Blobs context belongs to the invocation.
  const open = (storeName: string): Store =>
    credentials.siteID && credentials.token
      ? getStore({ name: storeName, consistency: 'strong', ...credentials, siteID: credentials.siteID, token: credentials.token })
      : getStore({ name: storeName, consistency: 'strong' });
  const leadsStore = () => open(name);
  const dedupeStore = () => open(`${name}-dedupe`);

  const readLead = async (store: Store, reference: string): Promise<Lead | undefined> => {
    const raw: unknown = await store.get(reference, { type: 'json', consistency: 'strong' });
    const parsed = leadSchema.safeParse(raw);
    return parsed.success ? parsed.data : undefined;
  };

  return {
    async insert(lead) {
      const written = await leadsStore().setJSON(lead.reference, lead, { onlyIfNew: true });
      if (!written.modified) return false;
      const marker: DedupeMarker = { reference: lead.reference, createdAt: lead.createdAt };
      try {
        await dedupeStore().setJSON(lead.dedupeKey, marker);
      } catch (error) {
        // The lead itself is stored; only duplicate suppression for it is lost. Report success.
        console.warn(`leads: stored ${lead.reference} but not its duplicate marker`, error);
      }
      return true;
    },
    async findByDedupeKey(dedupeKey) {
      const marker = (await dedupeStore().get(dedupeKey, { type: 'json', consistency: 'strong' })) as DedupeMarker | null;
      if (!marker || typeof marker.reference !== 'string') return undefined;
      return readLead(leadsStore(), marker.reference);
    },
    async get(reference) {
      return readLead(leadsStore(), reference);
    },
    async list() {
      const store = leadsStore();
      const { blobs } = await store.list();
      const leads = await Promise.all(blobs.map((blob) => readLead(store, blob.key)));
      return leads.filter((lead): lead is Lead => lead !== undefined).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
  };
}
