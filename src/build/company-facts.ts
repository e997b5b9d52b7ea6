/**
 * The company's facts as searchable text: what company.yaml says about where the company is,
 * since when, how large and how to reach it (e-mail, offices, social networks). The site shows these facts around the pages'
 * own text (the contact page's offices and address, the about page's metrics) or only in the
 * company profile, so without this a question such as "where are you based" finds no page.
 * They are indexed on the about page (who the company is) and the contact page (how to reach
 * it), each with the facts it stands for.
 */
import type { Company } from '../schemas/company.ts';
import { followUpSentence } from '../leads/contact-language.ts';
import type { Strings } from '../schemas/strings.ts';
import { fill } from '../site/languages.ts';
import { questionTerm, type QuestionKind } from '../search/questions.ts';

function offices(company: Company): string[] {
  return company.offices.map((office) =>
    [office.name, office.street, office.postalCode, office.city, office.country].filter(Boolean).join(', '),
  );
}

/** What the facts are made of: the company profile, the language's routes and strings. */
export interface FactsSource {
  company: Company;
  /** The paths of about and contact in the page's language (a translated site's `/nl/about`). */
  routes: { readonly about: string; readonly contact: string };
  /** The page language's strings: the facts' sentences (`llms`), who replies (`contact`), the industries' label. */
  strings: Pick<Strings, 'llms' | 'contact' | 'site'>;
  /** Whether the page is in English, whose words the labels already are (default true). */
  english?: boolean;
  /** Whether the language's case studies name industries (default false). */
  hasIndustries?: boolean;
}

/**
 * The facts indexed on the page at `path` (empty for every page but about and contact). They are
 * labelled with company.yaml's field names ("Location", "Team size", which English questions
 * use), and on a page in another language said again in its words, the sentences of its llms.txt
 * facts line ("Gevestigd in Rotterdam", "opgericht in 2014", "Kantoren: …"), so a question in
 * that language finds them too. When the case studies name industries, the about page also has
 * the site's label for them ("All industries", "Alle sectoren"), so "which industries do you work
 * in" finds the page that says who the clients are. The names themselves are left out: an about
 * page lists its sectors in its own words, and the names again as facts (x3) pulled the about page
 * above the case studies for a question about one industry's work (docs/mcp-design.md).
 */
export function companyFactsFor(path: string, source: FactsSource): string {
  const { company, routes, strings, english = true, hasIndustries = false } = source;
  const { llms, contact } = strings;
  const lines: string[] = [];
  const own = (line: string) => {
    if (!english) lines.push(line);
  };
  const officesLine = offices(company).join('; ');
  if (path === routes.about) {
    lines.push(company.name, company.tagline);
    if (company.location) lines.push(`Location: ${company.location}.`);
    if (company.founded) lines.push(`Founded in ${company.founded}.`);
    if (company.teamSize) lines.push(`Team size: ${company.teamSize}.`);
    if (company.offices.length) lines.push(`Offices: ${officesLine}.`);
    if (company.location) own(`${fill(llms.basedIn, { location: company.location })}.`);
    if (company.founded) own(`${fill(llms.founded, { year: String(company.founded) })}.`);
    if (company.teamSize) own(`${fill(llms.team, { size: company.teamSize })}.`);
    if (company.offices.length) own(fill(llms.offices, { offices: officesLine }));
    if (hasIndustries) lines.push(`${strings.site.allIndustries}.`);
  } else if (path === routes.contact) {
    lines.push(`Contact ${company.name} by e-mail: ${company.contactEmail}.`);
    lines.push(followUpSentence({ strings: contact, followUp: company.followUp }));
    if (company.location) lines.push(`Location: ${company.location}.`);
    if (company.offices.length) lines.push(`Office addresses: ${officesLine}.`);
    if (company.social.length) lines.push(`Elsewhere: ${company.social.map((link) => link.name).join(', ')}.`);
    own(`${llms.contact} ${contact.email}.`);
    if (company.location) own(`${fill(llms.basedIn, { location: company.location })}.`);
    if (company.offices.length)
      own(fill(llms.offices, { offices: company.offices.map((office) => office.city).join(', ') }));
    if (company.social.length) own(llms.elsewhere);
  }
  return lines.join(' ');
}

/**
 * The kinds of question the facts of the page at `path` answer, as their index terms
 * (src/search/questions.ts): the about page says who the company is, and where, since when and
 * how large when company.yaml says so; the contact page where, when it lists a location or
 * offices. Empty for every other page.
 */
export function factQuestionsFor(path: string, source: FactsSource): string[] {
  const { company, routes } = source;
  const where = Boolean(company.location) || company.offices.length > 0;
  const kinds: QuestionKind[] = [];
  if (path === routes.about) {
    kinds.push('who');
    if (where) kinds.push('where');
    if (company.founded) kinds.push('when');
    if (company.teamSize) kinds.push('count');
  } else if (path === routes.contact && where) kinds.push('where');
  return kinds.map(questionTerm);
}
