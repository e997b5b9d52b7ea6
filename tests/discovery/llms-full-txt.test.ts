import { describe, expect, test } from 'vitest';
import { FULL_PROFILE_KINDS, llmsFullTxt } from '../../src/discovery/llms-full-txt.ts';
import { llmsTxt } from '../../src/discovery/llms-txt.ts';
import { markdownPages } from '../../src/build/page-markdown.ts';
import { DRAFT_MARK, fixtureModel, fixtureTools, realModel } from './fixtures.ts';

describe('llmsFullTxt', () => {
  const model = fixtureModel();
  const pages = markdownPages(model);
  const text = llmsFullTxt(model, fixtureTools, pages);

  test('starts with the llms.txt head, up to the page sections', () => {
    const short = llmsTxt(model, fixtureTools);
    const head = short.slice(0, short.indexOf('## Services'));
    expect(text.startsWith(head)).toBe(true);
  });

  test('holds every entry page in full after a rule and its source URL, in site order', () => {
    const entries = pages.filter((page) => FULL_PROFILE_KINDS.includes(page.kind));
    expect(entries.map((page) => page.kind)).toEqual(['service', 'case-study', 'insight', 'page', 'page']);
    let position = 0;
    for (const page of entries) {
      const block = `---\n\nSource: <${page.markdownUrl}>\n\n${page.markdown}`;
      const at = text.indexOf(block, position);
      expect(at, page.path).toBeGreaterThan(position);
      position = at;
    }
    expect(text.endsWith(entries.at(-1)!.markdown)).toBe(true);
  });

  test('leaves out the home page, the listings and the drafts', () => {
    expect(text).not.toContain('Source: <https://www.fieldstone.example/index.md>');
    expect(text).not.toContain('Source: <https://www.fieldstone.example/services.md>');
    expect(text).not.toContain(DRAFT_MARK);
  });

  test('on the real content: every entry page, no draft', () => {
    const real = realModel();
    const realPages = markdownPages(real);
    const full = llmsFullTxt(real, fixtureTools, realPages);
    for (const page of realPages.filter((candidate) => FULL_PROFILE_KINDS.includes(candidate.kind)))
      expect(full, page.path).toContain(page.markdown);
    expect(full).not.toContain(DRAFT_MARK);
  });
});
