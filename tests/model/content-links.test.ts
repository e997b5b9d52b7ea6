/**
 * A content link to one of the site's page routes (/about, /contact, /privacy) is checked like
 * any other: it passes when the page is published and stops the build when it is not, as a link
 * to a missing service does. The fixed files (llms.txt, /mcp.md) need no page.
 */
import { describe, expect, test } from 'vitest';
import { buildSiteModel, type SiteSources } from '../../src/model/model.ts';
import { fixtureSources } from '../discovery/fixtures.ts';

/** The fixture site (about and privacy pages, no contact page) with one service's text replaced. */
function withServiceText(body: string): SiteSources {
  const sources = fixtureSources();
  const [first, ...rest] = sources.services;
  return { ...sources, services: [{ ...first!, body }, ...rest] };
}

describe('content links to page routes', () => {
  test('pass when the page is published', () => {
    expect(() => buildSiteModel(withServiceText('See [about us](/about) and [privacy](/privacy.md).\n'))).not.toThrow();
  });

  test('stop the build when it is not, naming the file and the path', () => {
    expect(() => buildSiteModel(withServiceText('[Write to us](/contact).\n'))).toThrow(
      /the link to "\/contact" points to \/contact, which is not a published page/,
    );
  });

  test('the fixed files are not pages and stay linkable', () => {
    expect(() => buildSiteModel(withServiceText('[llms.txt](/llms.txt) and [MCP](/mcp.md).\n'))).not.toThrow();
  });
});
