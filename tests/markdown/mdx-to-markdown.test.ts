import { describe, expect, test } from 'vitest';
import { ContentError, mdxToMarkdown } from '../../src/markdown/mdx-to-markdown.ts';
import { fixtureStrings } from '../discovery/fixtures.ts';

const known = new Set(['/services/cloud', '/contact', '/llms.txt', '/insights/a']);
const convert = (source: string, pagePath = '/insights/a') =>
  mdxToMarkdown(source, {
    file: 'content/insights/a.mdx',
    pagePath,
    linkExists: (target) => known.has(target),
    leadRetentionDays: 180,
    trafficRetentionDays: 90,
    labels: fixtureStrings.en!.content,
    locale: 'en-GB',
  });

describe('mdxToMarkdown', () => {
  test('keeps ordinary Markdown exactly as the editor wrote it', () => {
    expect(convert('## Heading\n\nSome *text* and a list:\n\n* one\n* two\n')).toBe(
      '## Heading\n\nSome *text* and a list:\n\n* one\n* two\n',
    );
  });

  test('re-serialises only the blocks it rewrites', () => {
    expect(convert('Keep *this*.\n\n\n\nSee [cloud](../services/cloud/).\n\n<Metric value="1" label="x" />')).toBe(
      'Keep *this*.\n\nSee [cloud](/services/cloud).\n\n**1** x\n',
    );
  });

  test('keeps GFM tables and fenced code', () => {
    const out = convert('| a | b |\n| - | - |\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```\n');
    expect(out).toContain('| a | b |');
    expect(out).toContain('```ts\nconst x = 1;\n```');
  });

  test('turns a Callout into a labelled blockquote', () => {
    expect(convert('<Callout type="tip" title="Start small">Pick one team.</Callout>')).toBe(
      '> **Tip: Start small** Pick one team.\n',
    );
  });

  test('turns Metrics into a list of bold values', () => {
    const out = convert(
      '<Metrics>\n  <Metric value="42%" label="fewer incidents" />\n  <Metric value="3x" label="faster deploys" />\n</Metrics>',
    );
    expect(out).toBe('- **42%** fewer incidents\n- **3x** faster deploys\n');
  });

  test('turns a Quote into a blockquote with attribution', () => {
    expect(convert('<Quote author="Dana Reyes" role="CTO">It worked.</Quote>')).toBe(
      '> It worked.\n>\n> — Dana Reyes, CTO\n',
    );
  });

  test('turns a CTA into a link and checks its target', () => {
    expect(convert('<CTA href="/contact">Talk to us</CTA>')).toBe('[Talk to us](/contact)\n');
    expect(() => convert('<CTA href="/nowhere">Talk</CTA>')).toThrow(/\/nowhere, which is not a published page/);
  });

  test('resolves relative links to absolute paths', () => {
    expect(convert('See [cloud](../services/cloud).', '/insights/a')).toBe('See [cloud](/services/cloud).\n');
  });

  test('leaves external links and anchors alone', () => {
    expect(convert('[k8s](https://kubernetes.io) and [top](#top) and [mail](mailto:a@b.example)')).toBe(
      '[k8s](https://kubernetes.io) and [top](#top) and [mail](mailto:a@b.example)\n',
    );
  });

  test('fails on a link to a missing page, naming the file and line', () => {
    expect(() => convert('Text\n\n[gone](/services/gone)')).toThrow(
      /content\/insights\/a\.mdx \(line 3\): the link to "\/services\/gone"/,
    );
  });

  test('fails on unknown components instead of dropping them', () => {
    expect(() => convert('<Carousel />')).toThrow(ContentError);
    expect(() => convert('<Carousel />')).toThrow(/<Carousel> is not a known component/);
  });

  test('fails on imports, expressions and bad props', () => {
    expect(() => convert("import X from './x.js'\n\nText")).toThrow(/`import`\/`export` statements are not allowed/);
    expect(() => convert('Price {1 + 1}')).toThrow(/expressions are not allowed/);
    expect(() => convert('<Metric value="1" label="x" size="big" />')).toThrow(/has no prop "size"/);
    expect(() => convert('<Metric value="1" />')).toThrow(/needs a label="…" prop/);
    expect(() => convert('<Callout type="danger">x</Callout>')).toThrow(/use note, tip or warning/);
  });

  test('drops MDX comments', () => {
    expect(convert('Before {/* a note for editors */} after')).toBe('Before  after\n');
  });
});
