/**
 * The dead-link crawl (tests/support/site-crawl.ts) on a small dist/ written here: it resolves
 * paths as the CDN does (`.html`, `index.html`, `.md` siblings, `_redirects`, netlify.toml's
 * redirects), follows `href`, `src` (in HTML and Atom), Markdown links and the `Link` headers of `_headers`, finds
 * the dead links with the page that has them, and an `<a>` into another language without
 * `hreflang`. The real builds are crawled by tests/build/partial-language.test.ts and
 * tests/integration/dead-links.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { crawlDist, describeProblems } from './support/site-crawl.ts';

const project = mkdtempSync(path.join(os.tmpdir(), 'site-crawl-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));
const dist = path.join(project, 'dist');

function write(file: string, body: string) {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), body);
}

const page = (lang: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head></head><body>${body}</body></html>`;

write(
  'index.html',
  page(
    'en',
    '<a href="/about">About</a> <a href="/nl" hreflang="nl">Nederlands</a> <a href="https://www.example.com/old">Old</a>' +
      '<a href="mailto:x@example.com">mail</a> <a href="https://elsewhere.example/x">out</a> <img src="/missing.png">' +
      '<a href="/index.md">md</a> <a href="/api/mcp">mcp</a> <a href="/api/nothing">no api</a>' +
      '<link rel="alternate" type="application/atom+xml" href="https://www.example.com/feed.xml">',
  ),
);
write(
  'index.md',
  '# Home\n\n[About](/about.md) and [gone](https://www.example.com/gone.md) <https://www.example.com/llms.txt>\n',
);
write('about.html', page('en', '<a href="/#main">Home</a>'));
write('about.md', '# About\n');
write('llms.txt', '# Site\n');
write(
  'nl.html',
  page('nl', '<a href="/about">Over ons</a> <a href="/about" hreflang="en">About</a> <a href="/nl/x">x</a>'),
);
write('new.html', page('en', '<a href="/">Home</a>'));
write(
  'feed.xml',
  '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><entry>' +
    '<link href="https://www.example.com/new"/><link href="https://www.example.com/gone-entry"/>' +
    '<content type="html"><![CDATA[<p><img src="/gone.png"></p>]]></content></entry></feed>\n',
);
write('_redirects', '# moved\n/old /new 301\n');
write(
  '_headers',
  '/*\n  Link: </privacy>; rel="privacy-policy"\n  X-Other: 1\n\n/feed.xml\n  Content-Type: application/atom+xml; charset=utf-8\n',
);
writeFileSync(
  path.join(project, 'netlify.toml'),
  '[build]\n  publish = "dist"\n\n[[redirects]]\n  from = "/privacy"\n  to = "/about"\n  status = 200\n',
);

test('finds every dead link and the unmarked link into another language, and nothing else', async () => {
  const report = await crawlDist(dist, ['/'], {
    origins: ['https://www.example.com'],
    project,
    isFunctionPath: (item) => item === '/api' || item.startsWith('/api/'),
    functionStatus: (item) => (item === '/api/mcp' ? 405 : 404),
  });
  expect(describeProblems(report).split('\n').sort()).toEqual(
    [
      '/ -> /missing.png: answers 404',
      '/ -> /api/nothing: answers 404',
      '/index.md -> /gone.md: answers 404',
      '/nl -> /nl/x: answers 404',
      '/nl -> /about: links from a page in nl to a page in en without hreflang="en"',
      // An Atom feed is read like XML: its entries' links and the images in their content.
      '/feed.xml -> /gone-entry: answers 404',
      '/feed.xml -> /gone.png: answers 404',
    ].sort(),
  );
  // The redirect's target, the rewrite behind the header's Link, the Markdown sibling and llms.txt were reached.
  expect(report.visited.get('/old')).toBe(301);
  expect(report.visited.get('/new')).toBe(200);
  expect(report.visited.get('/privacy')).toBe(200);
  expect(report.visited.get('/about.md')).toBe(200);
  expect(report.visited.get('/llms.txt')).toBe(200);
  expect(report.visited.get('/api/mcp')).toBe(405);
  expect(report.visited.has('https://elsewhere.example/x')).toBe(false);
});

test('a netlify.toml rule it cannot read fails instead of being skipped', async () => {
  writeFileSync(
    path.join(project, 'netlify.toml'),
    '[[redirects]]\n  from = "/a"\n  conditions = {Language = ["nl"]}\n',
  );
  await expect(crawlDist(dist, ['/'], { origins: [], project })).rejects.toThrow(/cannot read this line/);
});
