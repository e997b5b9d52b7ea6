/**
 * The ApiError body of every non-JSON-RPC HTTP error (404, 405, 413, 415, 429…): what went wrong,
 * and what to do next. The OpenAPI description takes its schema from here.
 */
import * as z from '../zod.ts';

export const apiErrorSchema = z.object({
  error: z.object({
    /** Machine-readable reason, e.g. `not_found`, `method_not_allowed`, `rate_limited`. */
    code: z.string(),
    /** What went wrong, in a sentence. */
    message: z.string(),
    /** What to do next. */
    hint: z.optional(z.string()),
    /** A URL of the developer documentation. */
    docs: z.optional(z.url()),
  }),
});

export type ApiError = z.infer<typeof apiErrorSchema>;

/** Machine-readable codes of the ApiErrors this API sends. */
export type ApiErrorCode =
  'not_found' | 'method_not_allowed' | 'rate_limited' | 'unsupported_media_type' | 'not_acceptable' | 'payload_too_large' | 'internal_error' | 'forbidden_host';

/** An ApiError response; `headers` adds to (and may override) the JSON content type. */
export function apiErrorResponse(status: number, error: ApiError['error'] & { code: ApiErrorCode }, headers: Record<string, string> = {}): Response {
  const body: ApiError = { error };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}
