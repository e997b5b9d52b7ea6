/** Content-Type and Accept checks of the MCP endpoint. */

/** True for `application/json`, with or without parameters (charset…), in any case. */
export function isJsonContentType(value: string | null): boolean {
  if (value === null) return false;
  const semicolon = value.indexOf(';');
  return (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase() === 'application/json';
}

/**
 * Whether a JSON answer is acceptable. Lenient on purpose: no Accept header, `*\/*`,
 * `application/*` and `application/json` all pass (curl sends `*\/*` or nothing; MCP clients
 * send `application/json, text/event-stream`). Only a header that lists neither, or refuses
 * JSON with q=0, fails: e.g. `text/event-stream` alone or `text/html`.
 */
export function acceptsJson(value: string | null): boolean {
  if (value === null || value.trim() === '') return true;
  for (const part of value.split(',')) {
    const [range = '', ...parameters] = part.split(';');
    const type = range.trim().toLowerCase();
    if (type !== 'application/json' && type !== 'application/*' && type !== '*/*') continue;
    const q = parameters
      .map((parameter) => parameter.trim().toLowerCase())
      .find((parameter) => parameter.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}
