/**
 * The company's offices (`offices` in content/company.yaml) as one line of text each, the same
 * in the footer, on the contact page and in llms.txt. The fields stay separate in the model for
 * structured data (schema.org PostalAddress: streetAddress, postalCode, addressLocality,
 * addressRegion, addressCountry).
 */
import type { Company, CompanyOffice } from '../schemas/company.ts';

/** `Wijnhaven 60, 3011 WS Rotterdam, Netherlands` */
export function addressLine(office: CompanyOffice): string {
  const locality = [office.postalCode, office.city].filter(Boolean).join(' ');
  return [office.street, locality, office.region, office.country].filter(Boolean).join(', ');
}

/** A place the contact page's card lists: an office (named) or the company's location (not). */
export interface ContactPlace {
  name?: string;
  address: string;
}

/**
 * The places the contact page's card lists, in its HTML and its Markdown alike: every office with
 * its address line, or, when company.yaml lists no offices, its `location` alone.
 */
export function contactPlaces(company: Pick<Company, 'offices' | 'location'>): ContactPlace[] {
  if (company.offices.length > 0)
    return company.offices.map((office) => ({ name: office.name, address: addressLine(office) }));
  return company.location ? [{ address: company.location }] : [];
}
