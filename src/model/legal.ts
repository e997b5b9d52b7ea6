/**
 * The company's legal details (company.yaml `legalName`, `legalForm`, `registration`, `vatId`,
 * `telephone`, its first office and its e-mail address) as the lines the legal notice shows, in
 * its HTML and its Markdown alike, and the short line of them every page's footer shows. A detail
 * company.yaml leaves out is not a line: no empty label, no dead link.
 */
import type { Company } from '../schemas/company.ts';
import { telephoneDigits } from '../schemas/legal.ts';
import type { Strings } from '../schemas/strings.ts';
import { addressLine } from './offices.ts';

/** One line of the legal details: its label, its text and where it links (`tel:`, `mailto:`), if anywhere. */
export interface LegalLine {
  label: string;
  text: string;
  href?: string;
}

/** The register and the number in it, as one text: "Dutch Chamber of Commerce (KvK) 12345678". */
export const registrationText = (registration: NonNullable<Company['registration']>) =>
  `${registration.register} ${registration.number}`;

/** The `tel:` link of the company's telephone number. */
export const telephoneHref = (telephone: string) => `tel:${telephoneDigits(telephone)}`;

/**
 * The legal notice's lines, in `strings`' language: the registered name (company.yaml `name` when
 * it gives no `legalName`), the legal form, the registered office (the first office), the register
 * and number, the VAT ID, the telephone number and the e-mail address; each only where given.
 */
export function legalLines(company: Company, strings: Strings): LegalLine[] {
  const words = strings.site;
  const office = company.offices[0];
  const lines: (LegalLine | undefined)[] = [
    { label: words.legalName, text: company.legalName ?? company.name },
    company.legalForm ? { label: words.legalForm, text: company.legalForm } : undefined,
    office ? { label: words.registeredOffice, text: addressLine(office) } : undefined,
    company.registration ? { label: words.registration, text: registrationText(company.registration) } : undefined,
    company.vatId ? { label: words.vatId, text: company.vatId } : undefined,
    company.telephone
      ? { label: words.telephone, text: company.telephone, href: telephoneHref(company.telephone) }
      : undefined,
    { label: words.email, text: company.contactEmail, href: `mailto:${company.contactEmail}` },
  ];
  return lines.filter((line): line is LegalLine => line !== undefined);
}

/**
 * The footer's legal line, in parts: the registered name where it differs from `name`, the
 * register and number, the VAT ID (labelled); the telephone number comes apart, as a link.
 * Empty when company.yaml gives none of them.
 */
export function footerLegalParts(company: Company, strings: Strings): string[] {
  return [
    company.legalName && company.legalName !== company.name ? company.legalName : undefined,
    company.registration ? registrationText(company.registration) : undefined,
    company.vatId ? `${strings.site.vatId} ${company.vatId}` : undefined,
  ].filter((part): part is string => part !== undefined);
}
