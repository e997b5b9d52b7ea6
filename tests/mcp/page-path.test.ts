/** resolvePagePath and closestMatches: what get_page_markdown accepts, refuses and suggests. */
import { describe, expect, test } from 'vitest';
import { editDistance } from '../../src/edit-distance.ts';
import { closestMatches, resolvePagePath } from '../../src/mcp/tools/page-path.ts';

const origins = { baseUrl: 'https://www.northbeam.example', agentUrl: 'https://agents.northbeam.example' };
const resolve = (input: string) => resolvePagePath(input, origins);

describe('resolvePagePath', () => {
  test.each([
    ['/services/x', '/services/x'],
    ['/services/x/', '/services/x'],
    ['/services/x.md', '/services/x'],
    ['services/x', '/services/x'],
    ['/services//x', '/services/x'],
    ['/', '/'],
    ['/index.md', '/'],
    ['/index', '/'],
    ['/index/', '/'],
    ['/index.md/', '/'],
    ['/about?x=1#team', '/about'],
    ['https://www.northbeam.example/about', '/about'],
    ['HTTPS://WWW.NORTHBEAM.EXAMPLE/about', '/about'],
    ['http://agents.northbeam.example/about.md', '/about'],
    ['https://www.northbeam.example', '/'],
    ['https://www.northbeam.example?q=1', '/'],
    ['/case-studies/industry/物流', '/case-studies/industry/%E7%89%A9%E6%B5%81'],
    ['/case-studies/industry/%e7%89%a9%e6%b5%81.md', '/case-studies/industry/%E7%89%A9%E6%B5%81'],
    ['https://www.northbeam.example/insights/tag/%D0%BB%D0%BE%D0%B3', '/insights/tag/%D0%BB%D0%BE%D0%B3'],
  ])('%s -> %s', (input, path) => {
    expect(resolve(input)).toEqual({ ok: true, path });
  });

  test.each([
    ['/../etc/passwd', /"\." or "\.\."/],
    ['/services/./x', /"\." or "\.\."/],
    ['https://www.northbeam.example/a/../../b', /"\." or "\.\."/],
    ['/%2e%2e/secret', /percent-encoding/],
    ['/a%2Fb', /percent-encoding/],
    ['/a%E7%89', /percent-encoding/],
    ['/a%', /percent-encoding/],
    ['/a\\b', /backslash/],
    ['/a\u0000b', /control characters/],
    ['/a\r\nb', /control characters/],
    ['https://evil.example/about', /only pages of/],
    ['https://www.northbeam.example.evil.example/about', /only pages of/],
    ['https://user@evil.example/about', /only pages of/],
    ['//evil.example/about', /only pages of/],
    ['ftp://www.northbeam.example/about', /only pages of/],
    ['data:text/plain,hello', /only pages of/],
    ['https://[bad', /not a valid URL/],
  ])('refuses %j', (input, reason) => {
    const result = resolve(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});

describe('closestMatches', () => {
  const candidates = [
    '/',
    '/about',
    '/case-studies',
    '/case-studies/kestrel-bank-core-ledger',
    '/services/cloud-migration',
    '/services/data-engineering',
    '/insights',
  ];

  test('prefers paths sharing words, prefixes and one-letter typos', () => {
    expect(closestMatches('/case-study/kestrel', candidates)[0]).toBe('/case-studies/kestrel-bank-core-ledger');
    expect(closestMatches('/services/cloud-migraton', candidates)[0]).toBe('/services/cloud-migration');
    expect(closestMatches('/about-us', candidates)[0]).toBe('/about');
  });

  test('returns at most `count` paths', () => {
    expect(closestMatches('/x', candidates, 2)).toHaveLength(2);
  });

  test('editDistance counts single edits', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});
