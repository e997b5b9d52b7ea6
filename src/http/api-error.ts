/**
 * The ApiError body of every non-JSON-RPC HTTP error (404, 405, 413, 415, 429…): what went wrong,
 * and what to do next. Its schema (for the OpenAPI description and the tests) is in
 * body-schemas.ts.
 */
import type { ApiError } from './body-schemas.ts';

/**
 * Every ApiError this API sends, by its machine-readable code: the HTTP status it travels with.
 * apiErrorResponse takes the status from here, and /mcp.md states these numbers from here.
 */
export const API_ERRORS = {
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  forbidden_host: 403,
  internal_error: 500,
} as const;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** An ApiError response with its code's status; `headers` adds to (and may override) the JSON content type. */
export function apiErrorResponse(
  error: ApiError['error'] & { code: ApiErrorCode },
  headers: Record<string, string> = {},
): Response {
  const body: ApiError = { error };
  return new Response(JSON.stringify(body), {
    status: API_ERRORS[error.code],
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}
