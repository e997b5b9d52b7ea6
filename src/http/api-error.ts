/**
 * The ApiError body of every non-JSON-RPC HTTP error (404, 405, 413, 415, 429, 503…): what went
 * wrong, and what to do next. Its schema (for the OpenAPI description and the tests) is in
 * body-schemas.ts, whose codes are this table's.
 */

/**
 * Every ApiError this API sends, by its machine-readable code: the HTTP status it travels with.
 * apiErrorResponse takes the status from here, /mcp.md states these numbers from here, and the
 * OpenAPI description's ApiError lists these codes.
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
  /** The search page without its build files (the search page's strings and frame, or its code). */
  search_unavailable: 503,
  /**
   * A contact post when the lead path cannot be loaded: nothing was sent. The contact endpoint's
   * own table (CONTACT_ERRORS, contact.ts) answers its lead store's failure with the same code and
   * status, so a client reads both alike.
   */
  store_unavailable: 503,
} as const;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** An ApiError body as the function writes it (apiErrorSchema in body-schemas.ts describes it). */
export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    /** What went wrong, in a sentence. */
    message: string;
    /** What to do next. */
    hint?: string;
    /** A URL of the developer documentation. */
    docs?: string;
  };
}

/** An ApiError response with its code's status; `headers` adds to (and may override) the JSON content type. */
export function apiErrorResponse(error: ApiErrorBody['error'], headers: Record<string, string> = {}): Response {
  const body: ApiErrorBody = { error };
  return new Response(JSON.stringify(body), {
    status: API_ERRORS[error.code],
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}
