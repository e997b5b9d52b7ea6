/**
 * Industries and tags in every language: their addresses in any script, the names that would
 * share an address (refused, naming both files), and their counterparts in the other languages,
 * derived from the translations (src/model/counterparts.ts), with the contradictions an editor
 * can write and the build's answer to each.
 */
import { describe, expect, test } from 'vitest';
import { loadSources } from '../../src/model/load-sources.ts';
import {
  buildSiteModel,
  modelOfLanguage,
  pageAlternates,
  type SiteModel,
  type SiteSources,
} from '../../src/model/model.ts';
import { tagPairs } from '../../src/model/counterparts.ts';
import { markdownPages } from '../../src/build/page-markdown.ts';
import { sitemapXml } from '../../src/discovery/sitemap-xml.ts';
import { ROOT, sampleModel } from '../support/sample-site.ts';

const sources = loadSources(ROOT);

/** The sample site with its sources changed in memory by `change`. */
function modelWith(change: (sources: SiteSources) => void): SiteModel {
  const copy = structuredClone(sources);
  change(copy);
  return buildSiteModel(copy);
}

/** The source entry of `file` among `entries`, to change. */
function entry<E extends { file: string }>(entries: readonly E[] | undefined, file: string): E {
  const found = entries?.find((item) => item.file === file);
  if (!found) throw new Error(`no ${file}`);
  return found;
}

const counterpartNames = (model: SiteModel, kind: 'industries' | 'tags', name: string) => {
  const facet = model.index[kind].get(name);
  if (!facet) throw new Error(`no ${kind} ${name}`);
  return Object.fromEntries([...facet.counterparts].map(([code, other]) => [code, other.name]));
};

describe('counterparts of the sample site', () => {
  const model = sampleModel();
  const nl = modelOfLanguage(model, 'nl');
  const pt = modelOfLanguage(model, 'pt');

  test("a translated case study's industry is its original's industry in that language, and the languages meet through it", () => {
    expect(counterpartNames(model, 'industries', 'Healthcare')).toEqual({ en: 'Healthcare', nl: 'Zorg', pt: 'Saúde' });
    expect(counterpartNames(nl, 'industries', 'Zorg')).toEqual({ en: 'Healthcare', nl: 'Zorg', pt: 'Saúde' });
    expect(counterpartNames(pt, 'industries', 'Energia')).toEqual({ en: 'Energy', pt: 'Energia' });
    expect(counterpartNames(model, 'industries', 'Retail')).toEqual({ en: 'Retail' });
  });

  test('no Dutch page shows an English tag: every Dutch tag is Dutch, or also Dutch', () => {
    // "cloud", "data" and "teams" are Dutch words too; "delivery" is "oplevering".
    expect(nl.tags.map((tag) => tag.name).sort()).toEqual(['cloud', 'data', 'oplevering', 'teams']);
    expect(counterpartNames(nl, 'tags', 'teams')).toEqual({ en: 'teams', nl: 'teams' });
  });

  test('tags pair by position, a tag kept as it is with itself', () => {
    expect(counterpartNames(pt, 'tags', 'entrega')).toEqual({ en: 'delivery', nl: 'oplevering', pt: 'entrega' });
    expect(counterpartNames(pt, 'tags', 'ia')).toEqual({ en: 'ai', pt: 'ia' });
    expect(counterpartNames(model, 'tags', 'cloud')).toEqual({ en: 'cloud', nl: 'cloud', pt: 'cloud' });
  });

  test("an industry page's alternates are its counterparts' pages, a page of a listing the same page", () => {
    const zorg = nl.index.pages.get('/nl/case-studies/industry/zorg')!;
    expect(pageAlternates(model, zorg).map((alternate) => alternate.path)).toEqual([
      '/case-studies/industry/healthcare',
      '/nl/case-studies/industry/zorg',
      '/pt/case-studies/industry/saude',
    ]);
    const retail = model.index.pages.get('/case-studies/industry/retail')!;
    expect(pageAlternates(model, retail).map((alternate) => alternate.path)).toEqual([retail.path]);
  });
});

describe('names in other scripts', () => {
  const japanese = modelWith((site) => {
    entry(site.caseStudies, 'content/case-studies/havenline-freight-route-data.mdx').data.industry = '物流';
    entry(site.caseStudies, 'content/case-studies/nordic-logistics-developer-platform.mdx').data.industry = '物流';
    entry(site.caseStudies, 'content/case-studies/kestrel-bank-core-ledger.mdx').data.industry = '金融';
    entry(site.insights, 'content/insights/kubernetes-cost-visibility.mdx').data.tags = ['クラウド', 'Κόστος'];
  });

  test('get addresses of their own letters, percent-encoded, and are no longer one empty address', () => {
    const logistics = japanese.index.industries.get('物流')!;
    expect(logistics).toMatchObject({ slug: '物流', path: '/case-studies/industry/%E7%89%A9%E6%B5%81', count: 2 });
    expect(japanese.index.industries.get('金融')!.path).toBe('/case-studies/industry/%E9%87%91%E8%9E%8D');
    expect(japanese.index.tags.get('Κόστος')!.slug).toBe('κόστος');
    expect(japanese.index.pages.get(logistics.path)?.url).toBe(
      'https://www.northbeam.example/case-studies/industry/%E7%89%A9%E6%B5%81',
    );
  });

  test('every place that prints their address prints it encoded', () => {
    const markdown = markdownPages(japanese).find((page) => page.path === '/case-studies')!.markdown;
    expect(markdown).toContain('(/case-studies/industry/%E7%89%A9%E6%B5%81)');
    expect(sitemapXml(japanese)).toContain(
      '<loc>https://www.northbeam.example/case-studies/industry/%E7%89%A9%E6%B5%81</loc>',
    );
    expect(sitemapXml(japanese)).not.toMatch(/物流<\/loc>|href="[^"]*物流/);
  });

  test('pair with their counterparts like any other name', () => {
    const dutch = modelWith((site) => {
      entry(site.caseStudies, 'content/case-studies/north-sea-port-terminal-modernisation.mdx').data.industry = '物流';
      for (const file of [
        'content/case-studies/havenline-freight-route-data.mdx',
        'content/case-studies/nordic-logistics-developer-platform.mdx',
      ])
        entry(site.caseStudies, file).data.industry = '物流';
    });
    expect(counterpartNames(dutch, 'industries', '物流')).toEqual({ en: '物流', nl: 'Logistiek' });
  });
});

describe('names that would share an address', () => {
  test('are one name spelled two ways: the build stops, naming a file of each spelling', () => {
    const build = () =>
      modelWith((site) => {
        entry(site.caseStudies, 'content/case-studies/havenline-freight-route-data.mdx').data.industry = 'logistics';
      });
    expect(build).toThrow(
      /The industries "(?:Logistics|logistics)" \(content\/case-studies\/[a-z-]+\.mdx\) and "(?:Logistics|logistics)" \(content\/case-studies\/[a-z-]+\.mdx\) differ only in spelling, so they would share one page \(\/case-studies\/industry\/logistics\)/,
    );
    const accents = () =>
      modelWith((site) => {
        entry(
          site.translations!.pt!.caseStudies,
          'content/pt/case-studies/iberian-solar-scada-cloud.mdx',
        ).data.industry = 'Saude';
      });
    expect(accents).toThrow(/"Saude" \(content\/pt\/case-studies\/iberian-solar-scada-cloud\.mdx\)/);
    expect(accents).toThrow(/"Saúde" \(content\/pt\/case-studies\/medora-clinics-cloud-migration\.mdx\)/);
  });

  test('in any script: half-width kana are the same name as full-width ones, and the message shows the address written out', () => {
    const build = () =>
      modelWith((site) => {
        entry(site.insights, 'content/insights/kubernetes-cost-visibility.mdx').data.tags = ['データ'];
        entry(site.insights, 'content/insights/incremental-models-without-surprises.mdx').data.tags = ['ﾃﾞｰﾀ'];
      });
    expect(build).toThrow(/differ only in spelling, so they would share one page \(\/insights\/tag\/データ\)/);
  });

  test('a name without a letter or digit has no address', () => {
    const build = () =>
      modelWith((site) => {
        entry(site.insights, 'content/insights/kubernetes-cost-visibility.mdx').data.tags = ['++'];
      });
    expect(build).toThrow(
      'content/insights/kubernetes-cost-visibility.mdx: the tag "++" has no letter or digit to make its address from',
    );
  });

  test('different names in different scripts never share one', () => {
    const model = modelWith((site) => {
      entry(site.caseStudies, 'content/case-studies/havenline-freight-route-data.mdx').data.industry = '物流';
      entry(site.caseStudies, 'content/case-studies/kestrel-bank-core-ledger.mdx').data.industry = '金融';
      entry(site.caseStudies, 'content/case-studies/lumo-fashion-delivery-teams.mdx').data.industry = 'Логистика';
      entry(site.caseStudies, 'content/case-studies/verdant-retail-data-platform.mdx').data.industry =
        'الخدمات المالية';
    });
    const paths = model.industries.map((facet) => facet.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('contradicting translations', () => {
  test('one name of the default language written two ways in a language stops the build, naming both files', () => {
    const build = () =>
      modelWith((site) => {
        entry(
          site.translations!.nl!.caseStudies,
          'content/nl/case-studies/medora-clinics-cloud-migration.mdx',
        ).data.industry = 'Gezondheidszorg';
      });
    expect(build).toThrow(/Two translations write the industry "Healthcare" two ways in Dutch: /);
    expect(build).toThrow(
      /content\/nl\/case-studies\/dutch-hospital-discharge-summaries\.mdx has "Zorg" for "Healthcare"/,
    );
    expect(build).toThrow(/content\/nl\/case-studies\/medora-clinics-cloud-migration\.mdx has "Gezondheidszorg"/);
  });

  test('one name of a language standing for two of the default language stops the build, naming both files', () => {
    const build = () =>
      modelWith((site) => {
        entry(
          site.translations!.nl!.caseStudies,
          'content/nl/case-studies/north-sea-port-terminal-modernisation.mdx',
        ).data.industry = 'Zorg';
      });
    expect(build).toThrow(/Two translations give the industry "Zorg" two counterparts: /);
    expect(build).toThrow(/north-sea-port-terminal-modernisation\.mdx has "Zorg" for "Logistics"/);
  });

  test('tags in another order pair wrongly, which another translation then contradicts', () => {
    const build = () =>
      modelWith((site) => {
        entry(
          site.translations!.pt!.insights,
          'content/pt/insights/evaluating-llm-features-before-launch.mdx',
        ).data.tags = ['entrega', 'ia'];
      });
    expect(build).toThrow(/Two translations give the tag "entrega" two counterparts: /);
    expect(build).toThrow(/has "entrega" for "ai" \(tag 1 of 2, paired by position\)/);
    expect(build).toThrow(/correct the order of the tags/);
  });
});

describe('tagPairs', () => {
  test('pairs by position when both have as many tags', () => {
    expect(
      tagPairs(['wolk', 'oplevering'], ['cloud', 'delivery']).map((pair) => [pair.name, pair.originalName]),
    ).toEqual([
      ['wolk', 'cloud'],
      ['oplevering', 'delivery'],
    ]);
  });

  test('otherwise pairs only a tag spelled the same in both', () => {
    expect(tagPairs(['Cloud', 'migratie', 'planning'], ['cloud', 'delivery'])).toEqual([
      { name: 'Cloud', originalName: 'cloud' },
    ]);
  });
});
