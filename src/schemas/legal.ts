/**
 * The company's legal identity in company.yaml: the name and form it is registered under, its
 * entry in a company register, its VAT ID and its telephone number. Each optional, each checked
 * with a message that says what is expected: a German company must publish them in its
 * Impressum, and schema.org's Organization has a property for each (legalName, vatID,
 * identifier, telephone).
 */
import { z } from 'zod';
import { fieldsOf } from './fields.ts';

/**
 * VAT IDs by country prefix: the country's name and the pattern of what follows the prefix, as
 * the EU's VIES service and the national tax offices write them (Greece's prefix is EL), plus the
 * United Kingdom, Switzerland and Norway. Written without spaces or dots.
 */
export const VAT_FORMATS: Readonly<
  Record<string, { country: string; pattern: RegExp; shape: string; example: string }>
> = {
  AT: { country: 'Austrian', pattern: /^U\d{8}$/, shape: 'ATU and 8 digits', example: 'ATU12345678' },
  BE: {
    country: 'Belgian',
    pattern: /^[01]\d{9}$/,
    shape: 'BE and 10 digits starting 0 or 1',
    example: 'BE0123456789',
  },
  BG: { country: 'Bulgarian', pattern: /^\d{9,10}$/, shape: 'BG and 9 or 10 digits', example: 'BG123456789' },
  CH: {
    country: 'Swiss',
    pattern: /^E\d{9}(MWST|TVA|IVA)?$/,
    shape: 'CHE, 9 digits and optionally MWST, TVA or IVA',
    example: 'CHE123456789MWST',
  },
  CY: { country: 'Cypriot', pattern: /^\d{8}[A-Z]$/, shape: 'CY, 8 digits and a letter', example: 'CY12345678X' },
  CZ: { country: 'Czech', pattern: /^\d{8,10}$/, shape: 'CZ and 8 to 10 digits', example: 'CZ12345678' },
  DE: { country: 'German', pattern: /^\d{9}$/, shape: 'DE and 9 digits', example: 'DE123456789' },
  DK: { country: 'Danish', pattern: /^\d{8}$/, shape: 'DK and 8 digits', example: 'DK12345678' },
  EE: { country: 'Estonian', pattern: /^\d{9}$/, shape: 'EE and 9 digits', example: 'EE123456789' },
  EL: { country: 'Greek', pattern: /^\d{9}$/, shape: 'EL and 9 digits', example: 'EL123456789' },
  ES: {
    country: 'Spanish',
    pattern: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
    shape: 'ES, a letter or digit, 7 digits and a letter or digit',
    example: 'ESX1234567X',
  },
  FI: { country: 'Finnish', pattern: /^\d{8}$/, shape: 'FI and 8 digits', example: 'FI12345678' },
  FR: {
    country: 'French',
    pattern: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
    shape: 'FR, 2 letters or digits and 9 digits',
    example: 'FR12345678901',
  },
  GB: {
    country: 'British',
    pattern: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
    shape: 'GB and 9 or 12 digits',
    example: 'GB123456789',
  },
  HR: { country: 'Croatian', pattern: /^\d{11}$/, shape: 'HR and 11 digits', example: 'HR12345678901' },
  HU: { country: 'Hungarian', pattern: /^\d{8}$/, shape: 'HU and 8 digits', example: 'HU12345678' },
  IE: {
    country: 'Irish',
    pattern: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
    shape: 'IE, 7 digits and one or two letters',
    example: 'IE1234567T',
  },
  IT: { country: 'Italian', pattern: /^\d{11}$/, shape: 'IT and 11 digits', example: 'IT12345678901' },
  LT: { country: 'Lithuanian', pattern: /^(\d{9}|\d{12})$/, shape: 'LT and 9 or 12 digits', example: 'LT123456789' },
  LU: { country: 'Luxembourg', pattern: /^\d{8}$/, shape: 'LU and 8 digits', example: 'LU12345678' },
  LV: { country: 'Latvian', pattern: /^\d{11}$/, shape: 'LV and 11 digits', example: 'LV12345678901' },
  MT: { country: 'Maltese', pattern: /^\d{8}$/, shape: 'MT and 8 digits', example: 'MT12345678' },
  NL: {
    country: 'Dutch',
    pattern: /^\d{9}B\d{2}$/,
    shape: 'NL, 9 digits, B and 2 digits',
    example: 'NL123456789B01',
  },
  NO: { country: 'Norwegian', pattern: /^\d{9}(MVA)?$/, shape: 'NO, 9 digits and MVA', example: 'NO123456789MVA' },
  PL: { country: 'Polish', pattern: /^\d{10}$/, shape: 'PL and 10 digits', example: 'PL1234567890' },
  PT: { country: 'Portuguese', pattern: /^\d{9}$/, shape: 'PT and 9 digits', example: 'PT123456789' },
  RO: { country: 'Romanian', pattern: /^\d{2,10}$/, shape: 'RO and 2 to 10 digits', example: 'RO1234567890' },
  SE: { country: 'Swedish', pattern: /^\d{10}01$/, shape: 'SE and 12 digits ending 01', example: 'SE123456789001' },
  SI: { country: 'Slovenian', pattern: /^\d{8}$/, shape: 'SI and 8 digits', example: 'SI12345678' },
  SK: { country: 'Slovak', pattern: /^\d{10}$/, shape: 'SK and 10 digits', example: 'SK1234567890' },
  XI: {
    country: 'Northern Irish',
    pattern: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
    shape: 'XI and 9 or 12 digits',
    example: 'XI123456789',
  },
};

/** A VAT ID as written (`NL 8645.12379.B01`): capitals, without spaces, dots or hyphens. */
export const normalVatId = (value: string) => value.toUpperCase().replace(/[\s.-]/g, '');

/** What is wrong with a VAT ID (normalised), or undefined when it has its country's form. */
export function vatIdProblem(value: string): string | undefined {
  const prefix = value.slice(0, 2);
  const format = VAT_FORMATS[prefix];
  if (!format)
    return `\`vatId\` must start with its country's code, e.g. \`vatId: NL123456789B01\` (one of ${Object.keys(VAT_FORMATS).join(', ')}; Greece's is EL)`;
  if (!format.pattern.test(value.slice(2)))
    return `\`vatId\` "${value}" is not a ${format.country} VAT ID: ${format.shape}, e.g. \`vatId: ${format.example}\``;
  return undefined;
}

/** The digits of a telephone number in international form: `+44 20 7946 0958` -> `+442079460958` (for a `tel:` link). */
export const telephoneDigits = (value: string) => `+${value.replace(/\D/g, '')}`;

const TELEPHONE_EXAMPLE = '`telephone: "+44 20 7946 0958"`';

/** What is wrong with a telephone number, or undefined when it is in international form (E.164: + and 8 to 15 digits). */
export function telephoneProblem(value: string): string | undefined {
  if (!value.startsWith('+'))
    return `\`telephone\` must be in international form: + and the country code, then the number, e.g. ${TELEPHONE_EXAMPLE}`;
  if (!/^\+[0-9 ().-]+$/.test(value))
    return `\`telephone\` may hold only digits, spaces, hyphens, dots and brackets after the +, e.g. ${TELEPHONE_EXAMPLE}`;
  const digits = value.replace(/\D/g, '');
  if (digits.startsWith('0'))
    return `\`telephone\`: the country code after + does not start with 0, e.g. ${TELEPHONE_EXAMPLE}`;
  if (digits.length < 8 || digits.length > 15)
    return `\`telephone\` has ${digits.length} digits; a number in international form has 8 to 15 (country code included), e.g. ${TELEPHONE_EXAMPLE}`;
  return undefined;
}

const bounded = (field: string, min: number, max: number, example: string) =>
  z
    .string({ error: `\`${field}\` must be a text, e.g. \`${field}: ${example}\`` })
    .trim()
    .min(min, { error: `\`${field}\` is too short (at least ${min} characters), e.g. \`${field}: ${example}\`` })
    .max(max, { error: `\`${field}\` is too long (at most ${max} characters)` });

/** The name the company is registered under (company.yaml `legalName`). */
export const legalNameField = bounded('legalName', 2, 160, 'Fieldstone Works B.V.').optional();

/** Its legal form (company.yaml `legalForm`). */
export const legalFormField = bounded('legalForm', 2, 120, 'Private limited company (B.V.)').optional();

/** The company register and the number in it (company.yaml `registration`). */
export const registrationField = fieldsOf(
  '`registration`',
  {
    /** The register, e.g. "Dutch Chamber of Commerce (KvK)" or "Amtsgericht Berlin-Charlottenburg, HRB" (a translation may write it in its language). */
    register: bounded('registration.register', 2, 120, 'Dutch Chamber of Commerce (KvK)'),
    /** The number in it, e.g. "87654321" (in quotes, so YAML keeps it as written). */
    number: z
      .union([z.string(), z.number()], {
        error: '`registration.number` is the number in the register, in quotes, e.g. `number: "87654321"`',
      })
      .transform((value) => String(value).trim())
      .pipe(bounded('registration.number', 1, 40, '"87654321"')),
  },
  '`registration` holds `register` and `number`, e.g. `register: Dutch Chamber of Commerce (KvK)` and `number: "87654321"`',
).optional();

/** The VAT ID (company.yaml `vatId`), normalised and checked against its country's pattern. */
export const vatIdField = z
  .string({ error: '`vatId` must be a text, e.g. `vatId: NL123456789B01`' })
  .transform(normalVatId)
  .superRefine((value, context) => {
    const problem = vatIdProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .optional();

/** The telephone number in international form (company.yaml `telephone`). */
export const telephoneField = z
  .string({ error: `\`telephone\` must be a text in quotes, e.g. ${TELEPHONE_EXAMPLE}` })
  .trim()
  .superRefine((value, context) => {
    const problem = telephoneProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .optional();
