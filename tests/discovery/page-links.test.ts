import { describe, expect, test } from 'vitest';
import {
  htmlPageLink,
  htmlResponseLinks,
  markdownPageLink,
  markdownResponseLinks,
} from '../../src/discovery/page-links.ts';
import { LINK_HEADER } from '../../src/http/headers.ts';

describe('htmlResponseLinks', () => {
  test('an HTML page links its Markdown sibling and keeps the three contract relations', () => {
    expect(htmlResponseLinks('/insights/page/2', 'text/html; charset=utf-8')).toEqual({
      Link: `${LINK_HEADER}, </insights/page/2.md>; rel="alternate"; type="text/markdown"`,
    });
    expect(htmlResponseLinks('/', 'text/html')).toEqual({ Link: htmlPageLink('/') });
    expect(htmlPageLink('/')).toContain('</index.md>; rel="alternate"; type="text/markdown"');
    for (const rel of ['describedby', 'api-catalog', 'privacy-policy'])
      expect(htmlPageLink('/x')).toContain(`rel="${rel}"`);
  });
  test('the not-found page, paths that name no page and responses that are not HTML get nothing extra', () => {
    expect(htmlResponseLinks('/404', 'text/html')).toEqual({});
    expect(htmlResponseLinks(undefined, 'text/html')).toEqual({});
    expect(htmlResponseLinks('/about', 'application/json')).toEqual({});
    expect(htmlResponseLinks('/about', null)).toEqual({});
  });
});

describe('markdownResponseLinks', () => {
  test("a page's Markdown links back to the HTML page", () => {
    expect(markdownResponseLinks('/about.md')).toEqual({
      Link: `${LINK_HEADER}, </about>; rel="alternate"; type="text/html"`,
    });
    expect(markdownResponseLinks('/index.md')).toEqual({ Link: markdownPageLink('/') });
    expect(markdownResponseLinks('/case-studies/industry/logistics/page/2.md')).toEqual({
      Link: markdownPageLink('/case-studies/industry/logistics/page/2'),
    });
  });
  test('Markdown that is no page sibling (/mcp.md, SKILL.md) gets nothing extra', () => {
    expect(markdownResponseLinks('/mcp.md')).toEqual({});
    expect(markdownResponseLinks('/.well-known/agent-skills/use-the-mcp-server/SKILL.md')).toEqual({});
    expect(markdownResponseLinks('/404.md')).toEqual({});
  });
});
