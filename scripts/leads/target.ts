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
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { createBlobsLeadStore } from '../../src/leads/blobs-store.ts';
import type { LeadStore } from '../../src/leads/store.ts';
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
      throw Object.assign(new Error(`no answer from ${url.origin} within ${timeoutMs / 1000} s`, { cause: error }), { name: 'TimeoutError' });
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

export async function openTarget(spec: TargetSpec): Promise<OpenTarget> {
  // @netlify/blobs lets an ambient Blobs context (set inside `netlify dev` shells and functions)
  // override explicit credentials; the operator's choice of store must win.
  delete process.env.NETLIFY_BLOBS_CONTEXT;
  delete (globalThis as { netlifyBlobsContext?: unknown }).netlifyBlobsContext;

  if (spec.kind === 'deployed') {
    const apiURL = spec.apiURL ?? NETLIFY_API_URL;
    return {
      kind: 'deployed',
      label: `deployed store of site ${spec.siteID} (${apiURL})`,
      store: createBlobsLeadStore({ siteID: spec.siteID, token: spec.token, apiURL, fetch: fetchWithTimeout(DEPLOYED_REQUEST_TIMEOUT_MS) }),
      close: async () => {},
    };
  }

  if (!existsSync(spec.projectDir)) throw new Error(`the project directory ${path.resolve(spec.projectDir)} does not exist`);
  const blobsDirectory = path.join(path.resolve(spec.projectDir), LOCAL_BLOBS_DIR);
  const label = `local store ${blobsDirectory}`;
  if (!existsSync(localSiteDirectory(spec.projectDir))) {
    return { kind: 'local', label, store: undefined, close: async () => {} };
  }
  const token = randomBytes(32).toString('hex');
  // BlobsServer has no host option: it listens on every interface, on a random port, for the
  // few moments the command runs; every request needs the random token above.
  const server = new BlobsServer({ directory: blobsDirectory, token, logger: () => {} });
  const { port } = await server.start();
  return {
    kind: 'local',
    label,
    store: createBlobsLeadStore({ siteID: LOCAL_SITE_ID, token, apiURL: `http://127.0.0.1:${port}` }),
    close: () => server.stop().then(() => undefined),
  };
}
