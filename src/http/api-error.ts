/**
 * The ApiError body of every non-JSON-RPC HTTP error (404, 405, 413, 415, 429…): what went wrong,
 * and what to do next. Its schema (for the OpenAPI description and the tests) is in
 * body-schemas.ts.
 */
import type { ApiError } from './body-schemas.ts';

/** Machine-readable codes of the ApiErrors this API sends. */
export type ApiErrorCode =
  | 'not_found'
  | 'method_not_allowed'
  | 'rate_limited'
  | 'unsupported_media_type'
  | 'not_acceptable'
  | 'payload_too_large'
  | 'internal_error'
  | 'forbidden_host';

/** An ApiError response; `headers` adds to (and may override) the JSON content type. */
export function apiErrorResponse(
  status: number,
  error: ApiError['error'] & { code: ApiErrorCode },
  headers: Record<string, string> = {},
): Response {
  const body: ApiError = { error };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}
