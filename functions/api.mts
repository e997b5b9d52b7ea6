/**
 * The one Netlify function behind /api/*: MCP at /api/mcp, the contact form at /api/contact,
 * liveness at /api/health, a JSON 404 for everything else. All behaviour lives in
 * src/http/api.ts; this shell only hands it the build's catalog and contact-page shell (both
 * bundled at build time, never read from disk at request time), the Netlify Blobs lead store and
 * limit ledger, the file-backed per-instance rate limiter, the client IP the platform saw, and
 * the team notification's first attempt for each new lead (after the answer, kept alive by
 * `context.waitUntil`; functions/lead-notifications.mts retries what fails).
 */
import type { Config, Context } from '@netlify/functions';
import catalogJson from '../.generated/agent-catalog.json' with { type: 'json' };
import contactShell from '../.generated/contact-shell.json' with { type: 'json' };
import { createApiHandler } from '../src/http/api.ts';
import { createFileRateLimiter } from '../src/http/file-rate-limit.ts';
import { RATE_LIMIT } from '../src/http/limits.ts';
import { createBlobsLeadStore, createBlobsLimitLedger } from '../src/leads/blobs-store.ts';
import type { Catalog } from '../src/mcp/catalog.ts';
import { deliverNotification } from '../src/notify/deliver.ts';
import { loadNotifier } from '../src/notify/load.ts';

const leads = createBlobsLeadStore();
const notifier = loadNotifier('api');

const handle = createApiHandler({
  catalog: catalogJson as unknown as Catalog,
  leads,
  // The per-IP and per-e-mail limits on new leads, shared by the contact form and
  // start_conversation (src/leads/limits.ts).
  limits: createBlobsLimitLedger(),
  // The built /contact page around its <main>, for the HTML answers to form posts.
  contactShell,
  // Counts kept in the instance's temporary folder: see src/http/file-rate-limit.ts for why.
  rateLimiter: createFileRateLimiter(),
  // One notification attempt per new lead; deliverNotification never throws and records the
  // outcome on the lead (`sent`, `pending` with a retry time, or `disabled` without a notifier).
  afterLead: async (lead) => {
    await deliverNotification(leads, notifier, lead, new Date());
  },
});

export default (request: Request, context: Context) =>
  handle(request, { clientIp: context.ip, ...(typeof context.waitUntil === 'function' ? { waitUntil: (promise) => context.waitUntil(promise) } : {}) });

export const config: Config = {
  path: '/api/*',
  // The global layer of the rate limit, enforced by Netlify's edge for every instance together
  // (per client IP and host). The function's own limiter (src/http/rate-limit.ts) is the
  // per-instance layer behind it. Not enforced by netlify-cli locally.
  rateLimit: {
    windowLimit: RATE_LIMIT.limit,
    windowSize: RATE_LIMIT.windowSeconds,
    aggregateBy: ['ip', 'domain'],
  },
};
