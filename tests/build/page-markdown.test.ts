/**
 * Page Markdown in every language: the labels and sentences come from the page's language's
 * strings, a translated listing with fewer entries than the default language's says how many
 * more there are and links that listing, and the default language's pages read as before.
 */
import { describe, expect, test } from 'vitest';
import { markdownPages, pageMarkdown } from '../../src/build/page-markdown.ts';
import { fixtureModel, realModel } from '../discovery/fixtures.ts';

const real = realModel();
const [english, dutch, portuguese] = real.languages.codes.map((code) => real.languages.models.get(code)!);
const page = (model: typeof real, path: string) => pageMarkdown(model, model.index.pages.get(path)!);

describe('page Markdown in a translated language', () => {
  test("an entry's facts carry the language's labels", () => {
    const study = page(dutch!, '/nl/case-studies/medora-clinics-cloud-migration');
    for (const label of ['**Klant:**', '**Sector:**', '**Diensten:**', '**Datum:**', '## Resultaten'])
      expect(study).toContain(label);
    expect(study).not.toMatch(/\*\*(Client|Industry|Services|Date):\*\*/);
    const insight = page(portuguese!, portuguese!.insights[0]!.path);
    expect(insight).toMatch(/\*\*Publicado:\*\*|\*\*Autor:\*\*/);
  });

  test('the home page has its sections and the agents paragraph in the language, linking its llms.txt', () => {
    const home = page(dutch!, '/nl');
    expect(home).toContain('## [Diensten](/nl/services)');
    expect(home).toContain('## [Recente cases](/nl/case-studies)');
    expect(home).toContain('## Voor AI-agents\n\nDeze site heeft een openbare MCP-server op ');
    expect(home).toContain('[/nl/llms.txt](/nl/llms.txt)');
  });

  test("a listing with fewer entries than the default language's links that listing with the count", () => {
    const missing = english!.caseStudies.length - dutch!.caseStudies.length;
    expect(missing).toBeGreaterThan(0);
    expect(page(dutch!, '/nl/case-studies')).toContain(
      `\n\n[Nog ${missing} cases zijn alleen in het Engels beschikbaar](/case-studies)\n`,
    );
    const insights = english!.insights.length - portuguese!.insights.length;
    expect(page(portuguese!, '/pt/insights')).toContain(
      `[Estão disponíveis mais ${insights} artigos em inglês](/insights)`,
    );
    // Every service is translated: no note; filter pages and the default language never have one.
    expect(page(dutch!, '/nl/services')).not.toContain('in het Engels');
    expect(page(dutch!, dutch!.industries[0]!.path)).not.toContain('in het Engels');
    expect(page(english!, '/case-studies')).not.toMatch(/more case studies are available/);
  });
});

describe("the contact page's details", () => {
  test('its Markdown has the card its HTML page shows: the e-mail address, every office with its address, the profiles', () => {
    for (const model of [english!, dutch!]) {
      const contact = page(model, model.routes.contact);
      const { company } = model;
      expect(contact).toContain(`## ${model.strings.site.contactDetails}\n`);
      expect(contact).toContain(`- <${company.contactEmail}>`);
      expect(company.offices.length).toBeGreaterThan(0);
      for (const office of company.offices) expect(contact).toContain(`- **${office.name}**: ${office.street}`);
      for (const profile of company.social) expect(contact).toContain(`[${profile.name}](${profile.url})`);
    }
    // Only the contact page has the card.
    expect(page(english!, english!.routes.about)).not.toContain(`## ${english!.strings.site.contactDetails}`);
  });

  test('a company without offices has its location in the card instead, as the HTML page shows it', () => {
    const company = { ...english!.company, offices: [], location: 'Rotterdam, the Netherlands' };
    const contact = page({ ...english!, company }, english!.routes.contact);
    expect(contact).toContain(`- <${company.contactEmail}>\n- Rotterdam, the Netherlands\n`);
    expect(contact).not.toContain('Wijnhaven');
  });
});

describe('page Markdown in the default language', () => {
  test('keeps its English labels and sentences', () => {
    const home = page(english!, '/');
    expect(home).toContain(
      '## For AI agents\n\nThis site has a public MCP server at [https://www.northbeam.example/api/mcp](/api/mcp) (no key needed). ' +
        'Its documentation is at [/mcp.md](/mcp.md) and a profile for language models at [/llms.txt](/llms.txt).\n',
    );
    expect(page(english!, english!.caseStudies[0]!.path)).toMatch(/- \*\*Client:\*\* .*\n- \*\*Industry:\*\* /);
  });

  test('a one-language site has no note about other languages', () => {
    const one = fixtureModel();
    for (const item of markdownPages(one)) expect(item.markdown, item.path).not.toMatch(/available in/);
  });
});
