/**
 * Limits of the HTTP API, one definition for the function, the OpenAPI description and the docs.
 */

/** Requests per window per client IP, per serving instance (and globally at the platform's edge). */
export const RATE_LIMIT = { limit: 120, windowSeconds: 60 } as const;

/** `RateLimit-Policy` header value in the contract's form. */
export const RATE_LIMIT_POLICY = `${RATE_LIMIT.limit};w=${RATE_LIMIT.windowSeconds}`;

/**
 * How many client IPs the in-memory limiter tracks at once. Past this, expired windows are swept
 * first and then the oldest window is dropped, so memory stays bounded whatever the traffic.
 * 10,000 entries take well under 2 MB.
 */
export const RATE_LIMIT_MAX_CLIENTS = 10_000;

/**
 * Largest POST body accepted on /api/mcp, in bytes (256 KiB). The biggest legitimate message is a
 * batch of start_conversation calls, each well under 10 KB; larger bodies get 413.
 * (netlify-cli locally dies on bodies over 6,000,000 bytes before the function sees them.)
 */
export const MAX_BODY_BYTES = 262_144;
