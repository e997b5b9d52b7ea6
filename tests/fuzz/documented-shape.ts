/**
 * What "the documented shape" of an answer of the API function is, read from the documents
 * themselves rather than written out by hand: the OpenAPI description (/openapi.json, made by
 * src/discovery/openapi.ts) for each path, method and status, its component schemas compiled
 * with Ajv, and the two error tables (API_ERRORS in src/http/api-error.ts, RPC_ERRORS in
 * src/mcp/jsonrpc.ts) for which status each error code travels with.
 *
 * `problemsOf` returns every way an answer departs from them (an empty list when it conforms),
 * so a failing fuzz run shows all of them at once.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../src/discovery/openapi.ts';
import { API_ERRORS } from '../../src/http/api-error.ts';
import { COMMON_HEADERS } from '../../src/http/headers.ts';
import { API_ROUTES, allowOf, routeAt } from '../../src/http/routes.ts';
import { RPC_ERRORS } from '../../src/mcp/jsonrpc.ts';
import type { Company } from '../../src/schemas/company.ts';
import { canonicalPath } from '../../src/site/urls.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document is walked as read JSON
type Json = Record<string, any>;

export interface Exchange {
  method: string;
  /** The request URL's pathname as the handler saw it. */
  pathname: string;
  status: number;
  headers: Headers;
  text: string;
}

const RATE_HEADERS = ['RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/** The statuses each JSON-RPC error code may travel with (either era), from RPC_ERRORS. */
const RPC_STATUSES = new Map<number, Set<number>>(
  Object.values(RPC_ERRORS).map((row) => [row.code, new Set([row.status.legacy, row.status.modern])]),
);

export function createShapeChecker(company: Company) {
  const doc: Json = openApiDocument(company);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const ROOT = 'https://fuzz.invalid/openapi.json';
  // The whole document as one schema resource, so every `#/components/...` $ref resolves inside it.
  ajv.addSchema({ $id: ROOT, components: doc.components }, ROOT);
  const compiled = new Map<object, ReturnType<typeof ajv.compile>>();
  const validatorOf = (schema: Json) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile({ $id: `https://fuzz.invalid/schema-${compiled.size}`, ...rewriteRefs(schema, ROOT) });
      compiled.set(schema, validate);
    }
    return validate;
  };
  const resolve = (value: Json): Json => {
    if (typeof value?.$ref !== 'string') return value;
    const pointer = value.$ref.replace(/^#\//, '').split('/');
    return resolve(pointer.reduce((node: Json, key) => node?.[key], doc));
  };
  const apiError = validatorOf(doc.components.schemas.ApiError);
  /** An ApiError answer, for the answers the description does not list (made once: validators are cached per schema object). */
  const apiErrorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };
  const notAllowed = { description: 'method not allowed', content: apiErrorContent };

  /** The documented answer of this path, method and status: undefined if there is none. */
  const documented = (path: string, method: string, status: number): Json | undefined => {
    const operation = doc.paths[path]?.[method.toLowerCase()];
    if (operation) {
      const response = operation.responses?.[String(status)];
      return response ? resolve(response) : undefined;
    }
    // Every request but a preflight counts against the rate limit, whatever its path or method.
    if (status === 429) return resolve(doc.components.responses.RateLimited);
    // Methods the description does not list: 405 with Allow (routes.ts); any path no route has: 404.
    if (!routeAt(path)) return status === 404 ? resolve(doc.components.responses.NotFound) : undefined;
    return status === 405 ? notAllowed : undefined;
  };

  return function problemsOf(exchange: Exchange): string[] {
    const problems: string[] = [];
    const { status, headers, text } = exchange;
    const method = exchange.method.toUpperCase();
    const path = canonicalPath(exchange.pathname);
    const say = (problem: string) => problems.push(problem);

    if (status >= 500) say(`status ${status}: a server error`);
    for (const [name, value] of Object.entries(COMMON_HEADERS))
      if (headers.get(name) !== value) say(`header ${name} is ${JSON.stringify(headers.get(name))}, not ${value}`);
    if ((method === 'HEAD' || status === 204 || status === 202) && text !== '')
      say(`a ${method} ${status} answer has a body`);

    const route = routeAt(path);
    // A loopback client asking /api/mcp under a foreign Host: the DNS-rebinding guard
    // (host-guard.ts) refuses it, preflight included, with the forbidden_host ApiError of
    // API_ERRORS. Only a local server sees loopback clients, so the OpenAPI description (of the
    // deployed API) does not list it.
    const rebinding =
      status === API_ERRORS.forbidden_host &&
      route?.handler === 'mcp' &&
      (method === 'HEAD' || /"code":"forbidden_host"/.test(text));
    if (method === 'OPTIONS' && route && !rebinding) {
      if (status !== 204) say(`a preflight got ${status}, not 204`);
      if (headers.get('allow') !== allowOf(route)) say(`preflight Allow is ${headers.get('allow')}`);
      return problems;
    }

    const response = documented(path, method, status);
    if (!response && !rebinding) say(`${method} ${path} -> ${status} is not a documented answer`);
    if (!rebinding && status !== 204)
      for (const name of RATE_HEADERS) if (!headers.has(name)) say(`header ${name} is missing`);
    for (const [name, header] of Object.entries(response?.headers ?? {})) {
      const value = headers.get(name);
      const schema = resolve(header as Json).schema as Json | undefined;
      if (value === null || !schema) continue;
      const typed = schema.type === 'integer' ? (/^-?\d+$/.test(value) ? Number(value) : value) : value;
      if (!validatorOf(schema)(typed)) say(`header ${name}: ${JSON.stringify(value)} does not match its schema`);
    }
    if (status === 429 && !/^\d+$/.test(headers.get('retry-after') ?? '')) say('a 429 without an integer Retry-After');
    if (status === 405 && route && headers.get('allow') !== allowOf(route)) say(`405 Allow is ${headers.get('allow')}`);

    if (text === '') {
      if (method !== 'HEAD' && response?.content) say(`${status} has no body but the description gives it one`);
      return problems;
    }
    const mediaType = (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const content: Json | undefined = rebinding ? apiErrorContent : response?.content;
    const media = content?.[mediaType];
    if (!media) {
      say(
        `${status} answered ${mediaType || 'no Content-Type'}, not one of ${Object.keys(content ?? {}).join(', ') || 'none'}`,
      );
      return problems;
    }
    if (mediaType !== 'application/json') return problems; // text/html pages: a string, nothing more to check
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      say(`${status} declares JSON but its body does not parse: ${text.slice(0, 80)}`);
      return problems;
    }
    const validate = validatorOf(media.schema);
    if (!validate(body)) say(`${status} body does not match its schema: ${ajv.errorsText(validate.errors)}`);

    // The error tables: each code travels with its status.
    if (apiError(body)) {
      const { code } = (body as { error: { code: string } }).error;
      if (code in API_ERRORS && API_ERRORS[code as keyof typeof API_ERRORS] !== status)
        say(`ApiError ${code} came with ${status}, not ${API_ERRORS[code as keyof typeof API_ERRORS]}`);
      if (!(code in API_ERRORS) && route?.handler !== 'contact') say(`ApiError code ${code} is in no table`);
    }
    for (const message of Array.isArray(body) ? body : [body]) {
      const code = (message as Json)?.jsonrpc === '2.0' ? (message as Json).error?.code : undefined;
      if (typeof code !== 'number') continue;
      const allowed = RPC_STATUSES.get(code);
      if (!allowed) say(`JSON-RPC error code ${code} is not in RPC_ERRORS`);
      else if (!Array.isArray(body) && !allowed.has(status))
        say(`JSON-RPC error ${code} came with ${status}, not ${[...allowed].join(' or ')}`);
    }
    return problems;
  };
}

/** `#/components/...` references rewritten to point into the document resource. */
function rewriteRefs(value: unknown, root: string): Json {
  return JSON.parse(
    JSON.stringify(value, (key, item: unknown) =>
      key === '$ref' && typeof item === 'string' && item.startsWith('#/') ? `${root}${item}` : item,
    ),
  ) as Json;
}

/** The routes' paths, for the path arbitraries. */
export const ROUTE_PATHS = API_ROUTES.map((route) => route.path);
