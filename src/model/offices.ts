/**
 * The company's offices (`offices` in content/company.yaml) as one line of text each, the same
 * in the footer, on the contact page and in llms.txt. The fields stay separate in the model for
 * structured data (schema.org PostalAddress: streetAddress, postalCode, addressLocality,
 * addressRegion, addressCountry).
 */
import type { CompanyOffice } from '../schemas/company.ts';

/** `Wijnhaven 60, 3011 WS Rotterdam, Netherlands` */
export function addressLine(office: CompanyOffice): string {
  const locality = [office.postalCode, office.city].filter(Boolean).join(' ');
  return [office.street, locality, office.region, office.country].filter(Boolean).join(', ');
}
