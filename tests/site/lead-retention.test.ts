/**
 * The retention period is one setting (`leads.retentionDays` in content/company.yaml): the
 * privacy page states it through <LeadRetention />, in its Markdown as on its HTML page.
 */
import { describe, expect, test } from 'vitest';
import { DEFAULT_RETENTION_DAYS } from '../../src/schemas/company.ts';
import { ContentError, mdxToMarkdown } from '../../src/markdown/mdx-to-markdown.ts';
import { companySchema } from '../../src/schemas/company.ts';
import { loadSources } from '../../src/model/load-sources.ts';
import { buildSiteModel } from '../../src/model/model.ts';
import { fixtureStrings } from '../discovery/fixtures.ts';

const sources = loadSources(process.cwd());
const privacyMarkdown = (retentionDays: number) => {
  const model = buildSiteModel({ ...sources, company: { ...sources.company, leads: { retentionDays } } });
  const page = model.pages.find((entry) => entry.slug === 'privacy');
  if (!page) throw new Error('content/pages/privacy.mdx is not published');
  return page.bodyMarkdown;
};

describe('leads.retentionDays', () => {
  test('the privacy page states the configured period', () => {
    const configured = sources.company.leads.retentionDays;
    expect(privacyMarkdown(configured)).toContain(
      `We keep contact requests for ${configured} days after we receive them`,
    );
  });

  test('changing the setting changes the privacy page', () => {
    const markdown = privacyMarkdown(365);
    expect(markdown).toContain('We keep contact requests for 365 days after we receive them');
    expect(markdown).not.toContain('180 days');
  });

  test('defaults to DEFAULT_RETENTION_DAYS and accepts whole numbers from 7 to 3650', () => {
    const base = { ...sources.company } as Record<string, unknown>;
    delete base.leads;
    expect(companySchema.parse(base).leads.retentionDays).toBe(DEFAULT_RETENTION_DAYS);
    expect(companySchema.parse({ ...base, leads: {} }).leads.retentionDays).toBe(DEFAULT_RETENTION_DAYS);
    expect(companySchema.parse({ ...base, leads: { retentionDays: 7 } }).leads.retentionDays).toBe(7);
    for (const retentionDays of [6, 3651, 30.5, '180']) {
      expect(companySchema.safeParse({ ...base, leads: { retentionDays } }).success).toBe(false);
    }
    // The traffic record: 90 days unless traffic.retentionDays says otherwise (1-3650).
    expect(companySchema.parse(base).traffic.retentionDays).toBe(90);
    expect(companySchema.parse({ ...base, traffic: { retentionDays: 1 } }).traffic.retentionDays).toBe(1);
    for (const retentionDays of [0, 3651, 7.5]) {
      const parsed = companySchema.safeParse({ ...base, traffic: { retentionDays } });
      expect(parsed.error?.issues[0]?.message).toMatch(/traffic\.retentionDays/);
    }
  });

  test('<LeadRetention /> in Markdown: inline and on its own; no props, no content', () => {
    const convert = (source: string, trafficRetentionDays = 30) =>
      mdxToMarkdown(source, {
        file: 'content/pages/x.mdx',
        pagePath: '/x',
        linkExists: () => true,
        leadRetentionDays: 90,
        trafficRetentionDays,
        labels: fixtureStrings.en!.content,
        locale: 'en-GB',
      });
    expect(convert('Kept for <LeadRetention />, then deleted.')).toBe('Kept for 90 days, then deleted.\n');
    // The traffic record's period, from traffic.retentionDays, the same way.
    expect(convert('Counts are kept for <TrafficRetention />.')).toBe('Counts are kept for 30 days.\n');
    // traffic.retentionDays may be 1: the period takes the singular form.
    expect(convert('Counts are kept for <TrafficRetention />.', 1)).toBe('Counts are kept for 1 day.\n');
    expect(() => convert('<TrafficRetention>x</TrafficRetention>')).toThrow(/<TrafficRetention \/> takes no content/);
    expect(convert('<LeadRetention />')).toBe('90 days\n');
    expect(() => convert('<LeadRetention days="3" />')).toThrow(ContentError);
    expect(() => convert('<LeadRetention>x</LeadRetention>')).toThrow(/takes no content/);
  });
});
