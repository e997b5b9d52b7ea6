/**
 * The JSON bodies of the HTTP API that are not JSON-RPC, as zod schemas: the ApiError of every
 * non-JSON-RPC error and the health body. The OpenAPI description and the tests take them from
 * here; the API function builds these bodies directly and never loads this module.
 */
import * as z from '../zod.ts';
import { API_ERRORS, type ApiErrorCode } from './api-error.ts';

export const apiErrorSchema = z.object({
  error: z.object({
    /** Machine-readable reason, one of API_ERRORS (api-error.ts): `not_found`, `method_not_allowed`, `rate_limited`… */
    code: z.enum(Object.keys(API_ERRORS) as [ApiErrorCode, ...ApiErrorCode[]]),
    /** What went wrong, in a sentence. */
    message: z.string(),
    /** What to do next. */
    hint: z.optional(z.string()),
    /** A URL of the developer documentation. */
    docs: z.optional(z.url()),
  }),
});

export const healthSchema = z.object({
  /** Always `ok` when the function answers. */
  status: z.literal('ok'),
  /** The service's name. */
  service: z.optional(z.string()),
  /** The server's clock (ISO date-time). */
  time: z.optional(z.iso.datetime()),
});

export type Health = z.infer<typeof healthSchema>;
