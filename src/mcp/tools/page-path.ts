/**
 * Turns what an agent passes to get_page_markdown into a site page path, or says why it cannot.
 * Accepted: `/x`, `/x/`, `/x.md`, `/index.md`, `x` (a missing leading slash is added), and full
 * URLs on the base or agent host (query and fragment ignored). A page named in another script
 * (`/case-studies/industry/物流`) may come written out or percent-encoded, as its URL is
 * (`…/%E7%89%A9%E6%B5%81`): either becomes the encoded path the catalog holds (encodedPath).
 * Refused before any lookup: `..` segments, percent-encoding of an ASCII character or a broken
 * escape (no page path has them, so `%2e%2e` and friends never reach the lookup), backslashes,
 * control characters, other hosts and other schemes. The result is only ever used as a key into
 * the catalog's page map, so nothing but published pages is readable whatever gets through.
 */
import { editDistance } from '../../edit-distance.ts';
import { decodedPathOrUndefined, encodedPath } from '../../site/urls.ts';

export type PagePathResult = { ok: true; path: string } | { ok: false; reason: string };

export interface SiteOrigins {
  baseUrl: string;
  agentUrl: string;
}

/** C0 controls and DEL: the control characters of ASCII. */
const CONTROL = /[\p{ASCII}&&\p{Cc}]/v;

export function resolvePagePath(input: string, origins: SiteOrigins): PagePathResult {
  const raw = input.trim();
  if (CONTROL.test(raw)) return { ok: false, reason: 'it contains control characters' };
  if (raw.includes('\\')) return { ok: false, reason: 'it contains a backslash' };
  if (/%(?![89a-f][0-9a-f])/i.test(raw) || decodedPathOrUndefined(raw) === undefined)
    return { ok: false, reason: 'it contains percent-encoding of an ASCII character, which no page path needs' };

  let path = raw;
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) {
    let url: URL;
    try {
      url = new URL(raw.startsWith('//') ? `https:${raw}` : raw);
    } catch {
      return { ok: false, reason: 'it is not a valid URL' };
    }
    const hosts = [new URL(origins.baseUrl).host, new URL(origins.agentUrl).host];
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !hosts.includes(url.host)) {
      return { ok: false, reason: `only pages of ${origins.baseUrl} (or ${origins.agentUrl}) can be read` };
    }
    // Take the path from the raw text (after the authority), not from `url.pathname`: URL parsing
    // would resolve `..` away before the check below could see it.
    const afterScheme = raw.replace(/^([a-z][a-z0-9+.-]*:)?\/\//i, '');
    const pathStart = afterScheme.search(/[/?#]/);
    path = pathStart === -1 ? '/' : afterScheme.slice(pathStart);
  }
  path = path.replace(/[?#].*$/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) {
    return { ok: false, reason: 'it contains "." or ".." segments' };
  }

  path = path.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  if (path === '/index.md' || path === '/index') return { ok: true, path: '/' };
  if (path.endsWith('.md')) path = path.slice(0, -'.md'.length);
  return { ok: true, path: encodedPath(path) || '/' };
}

/** The words of a path or name, in any script (an encoded path's words written out). */
const wordsOf = (text: string) =>
  (decodedPathOrUndefined(text) ?? text)
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((word) => word.length >= 2);

/** Two words are alike when one starts the other (3+ letters) or they differ by one edit (5+ letters). */
function alike(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) >= 3 && (a.startsWith(b) || b.startsWith(a))) return true;
  return Math.min(a.length, b.length) >= 5 && Math.abs(a.length - b.length) <= 1 && editDistance(a, b) <= 1;
}

/**
 * The `count` candidates most like `text` (page paths, or filter values): first by how many of
 * its words they share (prefixes and one-letter typos count, so `/case-study/kestrel` finds
 * `/case-studies/kestrel-bank-core-ledger`), then by edit distance of the whole text, ignoring case.
 */
export function closestMatches(text: string, candidates: readonly string[], count = 3): string[] {
  const target = text.toLowerCase();
  const words = wordsOf(target);
  return candidates
    .map((candidate) => {
      const own = wordsOf(candidate);
      const shared = words.filter((word) => own.some((other) => alike(word, other))).length;
      return { candidate, shared, distance: editDistance(target, candidate.toLowerCase()) };
    })
    .sort((a, b) => b.shared - a.shared || a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map((entry) => entry.candidate);
}
