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

function offices(company: Company): string[] {
  return company.offices.map((office) =>
    [office.name, office.street, office.postalCode, office.city, office.country].filter(Boolean).join(', '),
  );
}

/**
 * The facts indexed on the page at `path` (empty for every page but about and contact), whose
 * paths in the page's language are `routes` (a translated site's `/nl/about`).
 */
export function companyFactsFor(
  path: string,
  company: Company,
  routes: { readonly about: string; readonly contact: string },
  /** The page language's `contact` strings: who replies is said in its followUp sentence. */
  contact: Strings['contact'],
): string {
  const lines: string[] = [];
  if (path === routes.about) {
    lines.push(company.name, company.tagline);
    if (company.location) lines.push(`Location: ${company.location}.`);
    if (company.founded) lines.push(`Founded in ${company.founded}.`);
    if (company.teamSize) lines.push(`Team size: ${company.teamSize}.`);
    if (company.offices.length) lines.push(`Offices: ${offices(company).join('; ')}.`);
  } else if (path === routes.contact) {
    lines.push(`Contact ${company.name} by e-mail: ${company.contactEmail}.`);
    lines.push(followUpSentence({ strings: contact, followUp: company.followUp }));
    if (company.location) lines.push(`Location: ${company.location}.`);
    if (company.offices.length) lines.push(`Office addresses: ${offices(company).join('; ')}.`);
    if (company.social.length) lines.push(`Elsewhere: ${company.social.map((link) => link.name).join(', ')}.`);
  }
  return lines.join(' ');
}
