/**
 * The request headers that mirror the JSON-RPC body (MCP 2026-07-28 Streamable HTTP):
 * `Mcp-Method` (the method) and `Mcp-Name` (params.name or params.uri). Required on modern
 * requests, checked whenever present on any single message, so a proxy routing on them can
 * never be told one thing while the server does another. Values may use the Base64 sentinel
 * form `=?base64?…?=`.
 */

/** Visible ASCII, space and tab: what a header value may carry unencoded. */
const HEADER_SAFE = /^[\t\x20-\x7e]*$/;
/** Canonical Base64: whole 4-character groups, correct padding (lenient decoders would accept more). */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The header value decoded, or undefined when it is malformed. Surrounding whitespace is not
 * part of a field value (RFC 9110 §5.5); `=?base64?…?=` is decoded, strictly.
 */
export function decodeHeaderValue(raw: string): string | undefined {
  const value = raw.trim();
  if (!HEADER_SAFE.test(value)) return undefined;
  if (!(value.startsWith('=?base64?') && value.endsWith('?=') && value.length >= '=?base64??='.length)) return value;
  const encoded = value.slice('=?base64?'.length, -'?='.length);
  if (!BASE64.test(encoded)) return undefined;
  try {
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

export interface MirroredHeaders {
  method: string | null;
  name: string | null;
}

/** The body value `Mcp-Name` mirrors: params.name, else params.uri. */
function nameSource(params: Record<string, unknown> | undefined): string | undefined {
  const value = params?.name ?? params?.uri;
  return typeof value === 'string' ? value : undefined;
}

/** Methods whose requests must carry `Mcp-Name`. */
const NAMED_METHODS = new Set(['tools/call', 'resources/read', 'prompts/get']);

/**
 * Checks the mirrored headers against the message; returns what is wrong, or undefined.
 * `required`: the message is a modern request, so missing headers are errors too.
 */
export function checkMirroredHeaders(
  headers: MirroredHeaders,
  method: string,
  params: Record<string, unknown> | undefined,
  required: boolean,
): string | undefined {
  if (headers.method === null) {
    if (required) return `the Mcp-Method header is missing; send Mcp-Method: ${method}`;
  } else {
    const value = decodeHeaderValue(headers.method);
    if (value === undefined) return 'the Mcp-Method header contains invalid characters';
    if (value !== method) return `Mcp-Method header value '${value}' does not match body method '${method}'`;
  }
  const source = nameSource(params);
  if (headers.name === null) {
    if (required && NAMED_METHODS.has(method))
      return `the Mcp-Name header is missing; send Mcp-Name: ${source ?? '<params.name>'}`;
  } else {
    const value = decodeHeaderValue(headers.name);
    if (value === undefined) return 'the Mcp-Name header is malformed (use plain ASCII or =?base64?…?=)';
    if (source !== undefined && value !== source)
      return `Mcp-Name header value '${value}' does not match body value '${source}'`;
  }
  return undefined;
}
