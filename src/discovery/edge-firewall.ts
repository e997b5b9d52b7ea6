/**
 * What a client sees when the platform's edge firewall throttles it before the function runs:
 * the contract's `x-<vendor>-mitigated: deny` with Netlify's vendor prefix (`nf`, as in its
 * other response headers such as `x-nf-request-id`). Described by the OpenAPI document and the
 * developer docs; the response itself comes from Netlify, not from this code.
 */
import { RATE_LIMIT } from '../http/limits.ts';

export const EDGE_FIREWALL = {
  /** The edge provider, for prose. */
  vendor: 'Netlify',
  status: 403,
  contentType: 'text/plain',
  header: 'x-nf-mitigated',
  value: 'deny',
  /** The edge limit is the same window as the function's: retry when it rolls over. */
  retryWithinSeconds: RATE_LIMIT.windowSeconds,
} as const;
