/**
 * The building blocks of the OpenAPI description: references to its components, JSON content,
 * JSON Schema from the zod schemas the function parses with, and the header names each kind of
 * answer carries (from the one definition of each header).
 */
import { CORS_HEADERS, CORS_PREFLIGHT_HEADERS } from '../../http/cors.ts';
import { COMMON_HEADERS } from '../../http/headers.ts';
import * as z from '../../zod.ts';

export type Json = Record<string, unknown>;

/** A zod schema as a JSON Schema 2020-12 object (the dialect of OpenAPI 3.1), without `$schema`. */
export function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output', description: string): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as Json;
  return { description, ...rest };
}

export const ref = (kind: 'schemas' | 'headers' | 'responses' | 'parameters', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});
export const headerRefs = (...names: string[]) => Object.fromEntries(names.map((name) => [name, ref('headers', name)]));

export const COMMON = Object.keys(COMMON_HEADERS);
export const RATE = ['RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
/** Headers on every answer of the API function but the preflight: rate limit, CORS, the common ones. */
export const API = [...RATE, ...Object.keys(CORS_HEADERS), ...COMMON];
export function jsonContent(schemaName: string, examples?: Record<string, { summary: string; value: unknown }>) {
  return { 'application/json': { schema: ref('schemas', schemaName), ...(examples ? { examples } : {}) } };
}

/** The HTML answers to a form post (no JavaScript): a page of the site. */
export const HTML_PAGE = { 'text/html': { schema: { type: 'string', description: 'A page of the site (HTML).' } } };

/** What every path item is made with. */
export interface PathContext {
  company: import('../../schemas/company.ts').Company;
  /** The absolute URL of /mcp.md. */
  docsUrl: string;
  /** The route the path item describes (src/http/routes.ts). */
  route: import('../../http/routes.ts').ApiRoute;
}

/** The CORS preflight every route answers (src/http/routes.ts: its Allow). */
export function preflightOperation(tag: string, operationId: string): Json {
  return {
    tags: [tag],
    operationId,
    summary: 'CORS preflight',
    description: 'Any origin is allowed on purpose: the server is public and returns public content only.',
    responses: {
      '204': {
        description: 'Preflight accepted; `Allow` and `Access-Control-Allow-Methods` list the methods of the endpoint.',
        headers: headerRefs('Allow', ...Object.keys(CORS_PREFLIGHT_HEADERS), ...COMMON),
      },
    },
  };
}
