/**
 * Opens the lead store the operator asked for, through the project's own Blobs LeadStore
 * (src/leads/blobs-store.ts), so the command reads exactly what the function wrote:
 *
 * - local: the store `npm start` (netlify-cli serve/dev, offline and unlinked) writes under
 *   `<project>/.netlify/blobs-serve`, site ID `unlinked`. netlify-cli's own Blobs endpoint has
 *   a random port and token, so this starts a BlobsServer of its own over the same directory,
 *   with a fresh random token, for as long as the command runs. Nothing is created when the
 *   store does not exist yet.
 * - deployed: the site's store through Netlify's API with the site ID and a personal access
 *   token (not verifiable offline; see docs/deploy.md).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import {
  createBlobsLeadStore,
  LEADS_STORE_NAME,
  LIST_READ_CONCURRENCY,
  mapWithConcurrency,
} from '../../src/leads/blobs-store.ts';
import { newestFirst, type LeadStore } from '../../src/leads/store.ts';
import type { TargetSpec } from './args.ts';

/** The site ID netlify-cli uses for Blobs when the project is not linked to a Netlify site. */
export const LOCAL_SITE_ID = 'unlinked';

/** Where netlify-cli keeps the local Blobs data, relative to the project root. */
export const LOCAL_BLOBS_DIR = path.join('.netlify', 'blobs-serve');

export const NETLIFY_API_URL = 'https://api.netlify.com';

/**
 * How long one request to the deployed store may take. The Blobs client sets no limit of its
 * own: an API that accepts the connection and never answers kept the command waiting forever.
 * The client retries a failed request 5 times, 5 s apart, so an API that never answers fails
 * the command after about two minutes (6 x 15 s + 5 x 5 s).
 */
export const DEPLOYED_REQUEST_TIMEOUT_MS = 15_000;

/**
 * fetch with a time limit per request (its own signal, if any, still applies). A request over
 * the limit rejects with a TimeoutError that names the server, not the path or query.
 */
export function fetchWithTimeout(timeoutMs: number): typeof globalThis.fetch {
  return async (input, init) => {
    const limit = AbortSignal.timeout(timeoutMs);
    try {
      return await fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, limit]) : limit });
    } catch (error) {
      if (!limit.aborted || init?.signal?.aborted) throw error;
      const url = new URL(input instanceof Request ? input.url : String(input));
      throw Object.assign(new Error(`no answer from ${url.origin} within ${timeoutMs / 1000} s`, { cause: error }), {
        name: 'TimeoutError',
      });
    }
  };
}

export interface OpenTarget {
  kind: 'local' | 'deployed';
  /** Says which store was read, for the human output (no credentials in it). */
  label: string;
  /** Undefined when there is no local store yet (nothing was ever stored). */
  store: LeadStore | undefined;
  close(): Promise<void>;
}

/**
 * The directory that holds the local site's stores (`entries/unlinked`; each site-wide store is
 * a folder in it, `site:leads` for LEADS_STORE_NAME). Without it nothing was ever stored.
 */
export function localSiteDirectory(projectDir: string): string {
  return path.join(path.resolve(projectDir), LOCAL_BLOBS_DIR, 'entries', LOCAL_SITE_ID);
}

/** The directory of the local store's lead records: one file per lead, named by its reference. */
export function localLeadsDirectory(projectDir: string): string {
  return path.join(localSiteDirectory(projectDir), `site:${LEADS_STORE_NAME}`);
}

/**
 * `store` with a `list` that misses no record in `recordsDirectory`. The local Blobs server
 * (@netlify/blobs 11.1) lists a store by reading its directory and then stat-ing each entry; a
 * write goes to a temporary file that is then renamed over the record, so an entry can vanish
 * in between, and the server takes that ENOENT for a missing store: it answers 200 with the
 * entries listed so far (measured: 7 of 40 listings of 300 records came back short, the
 * shortest empty, while 8 writers updated records). Whenever `npm start` is writing (a lead
 * arriving, a notification state being saved), `list` could therefore leave leads out. So the
 * directory is read after the listing, and every record in it that the listing left out is
 * read on its own: a lead is added, a record still there that is not a lead is unreadable, one
 * gone by then stays out.
 */
export function withCompleteListing(store: LeadStore, recordsDirectory: string): LeadStore {
  return {
    ...store,
    async list() {
      const listing = await store.list();
      const seen = new Set([...listing.leads.map((lead) => lead.reference), ...listing.unreadable]);
      const names = await readdir(recordsDirectory).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      // Names starting with a dot are the server's temporary files.
      const missed = names.filter((name) => !name.startsWith('.') && !seen.has(name));
      if (missed.length === 0) return listing;
      const found = await mapWithConcurrency(missed, LIST_READ_CONCURRENCY, (key) => store.get(key));
      const leads = [...listing.leads];
      const unreadable = [...listing.unreadable];
      found.forEach((lead, index) => {
        if (lead) leads.push(lead);
        else if (existsSync(path.join(recordsDirectory, missed[index]!))) unreadable.push(missed[index]!);
      });
      return { leads: leads.sort(newestFirst), unreadable: unreadable.sort() };
    },
  };
}

/** Credentials for a Blobs store: the deployed site's, or the command's own local server's. */
export interface BlobsCredentials {
  siteID: string;
  token: string;
  apiURL: string;
  fetch?: typeof globalThis.fetch;
}

/**
 * Access to the Blobs stores the operator asked for (shared by `npm run leads` and `npm run
 * agents`): the deployed site's through Netlify's API, or the local ones of `npm start` through
 * a BlobsServer of the command's own. `credentials` is undefined when there is no local store yet.
 */
export interface BlobsAccess {
  kind: 'local' | 'deployed';
  /** Says which store was read, for the human output (no credentials in it). */
  label: string;
  credentials: BlobsCredentials | undefined;
  close(): Promise<void>;
}

export async function openBlobsAccess(spec: TargetSpec): Promise<BlobsAccess> {
  // @netlify/blobs lets an ambient Blobs context (set inside `netlify dev` shells and functions)
  // override explicit credentials; the operator's choice of store must win.
  delete process.env.NETLIFY_BLOBS_CONTEXT;
  delete (globalThis as { netlifyBlobsContext?: unknown }).netlifyBlobsContext;

  if (spec.kind === 'deployed') {
    const apiURL = spec.apiURL ?? NETLIFY_API_URL;
    return {
      kind: 'deployed',
      label: `deployed store of site ${spec.siteID} (${apiURL})`,
      credentials: {
        siteID: spec.siteID,
        token: spec.token,
        apiURL,
        fetch: fetchWithTimeout(DEPLOYED_REQUEST_TIMEOUT_MS),
      },
      close: async () => {},
    };
  }

  if (!existsSync(spec.projectDir))
    throw new Error(`the project directory ${path.resolve(spec.projectDir)} does not exist`);
  const blobsDirectory = path.join(path.resolve(spec.projectDir), LOCAL_BLOBS_DIR);
  const label = `local store ${blobsDirectory}`;
  if (!existsSync(localSiteDirectory(spec.projectDir))) {
    return { kind: 'local', label, credentials: undefined, close: async () => {} };
  }
  const token = randomBytes(32).toString('hex');
  // BlobsServer has no host option: it listens on every interface, on a random port, for the
  // few moments the command runs; every request needs the random token above.
  const server = new BlobsServer({ directory: blobsDirectory, token, logger: () => {} });
  const { port } = await server.start();
  return {
    kind: 'local',
    label,
    credentials: { siteID: LOCAL_SITE_ID, token, apiURL: `http://127.0.0.1:${port}` },
    close: () => server.stop().then(() => undefined),
  };
}

export async function openTarget(spec: TargetSpec): Promise<OpenTarget> {
  const access = await openBlobsAccess(spec);
  const store = access.credentials && createBlobsLeadStore(access.credentials);
  return {
    kind: access.kind,
    label: access.label,
    store: store && spec.kind === 'local' ? withCompleteListing(store, localLeadsDirectory(spec.projectDir)) : store,
    close: () => access.close(),
  };
}
