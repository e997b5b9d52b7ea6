/**
 * The company's facts, kept by editors in `content/company.yaml`. Every profile, discovery file,
 * header, DNS record, answer to a contact request and lead reference that names or describes the
 * company reads them from here: nothing about the company is written in the code.
 */
import { z } from 'zod';

/** How long a lead is kept when company.yaml does not say: 180 days after it was received. */
export const DEFAULT_RETENTION_DAYS = 180;
/** Days the traffic record (docs/traffic.md) keeps its counts, unless `traffic.retentionDays` says otherwise. */
export const DEFAULT_TRAFFIC_RETENTION_DAYS = 90;
import { REFERENCE_PREFIX_PATTERN } from '../lead-reference.ts';
import { isLocalBusinessType, ORGANIZATION_TYPES } from './organization-types.ts';
import { LANGUAGE_CODE } from '../site/languages.ts';
import { assistantsSchema } from './assistants.ts';
import { colorsSchema } from './brand.ts';
import { imageField } from './image.ts';
import { fieldsOf } from './fields.ts';
import { legalFormField, legalNameField, registrationField, telephoneField, vatIdField } from './legal.ts';

const languageCode = (field: string) =>
  z
    .string({ error: `\`${field}\` must be a language code such as \`en\`, \`nl\` or \`pt-br\`` })
    .trim()
    .toLowerCase()
    .regex(LANGUAGE_CODE, {
      error: `\`${field}\` must be a language code (BCP 47, lowercase) such as \`en\`, \`nl\` or \`pt-br\``,
    });

const httpsOrigin = (field: string, example: string) =>
  z
    .string({ error: `\`${field}\` is required, e.g. \`${field}: ${example}\`` })
    .trim()
    .url({ error: `\`${field}\` must be a full URL such as ${example}` })
    .refine((value) => /^https?:\/\/[^/]+$/.test(value.replace(/\/$/, '')), {
      error: `\`${field}\` must be an origin only (scheme and host, no path), e.g. ${example}`,
    })
    .transform((value) => value.replace(/\/$/, ''));

/** The fields of company.yaml; companySchema adds the check that spans fields. */
const companyFields = fieldsOf('content/company.yaml', {
  /** The company's name as it appears in headings, llms.txt and the MCP server's title. */
  name: z
    .string({ error: '`name` is required, e.g. `name: Fieldstone Works`' })
    .trim()
    .min(2, { error: '`name` must be at least 2 characters, e.g. `name: Fieldstone Works`' })
    .max(80, { error: '`name` is at most 80 characters: the name as people say it, e.g. `name: Fieldstone Works`' }),
  /** One sentence saying what the company does; the `>` summary of llms.txt and the site's tagline. */
  tagline: z
    .string({ error: '`tagline` is required: one sentence on what the company does' })
    .trim()
    .min(20, { error: '`tagline` must be at least 20 characters: one sentence on what the company does' })
    .max(200, { error: '`tagline` is at most 200 characters: one sentence on what the company does' }),
  /** A short paragraph for the company profile (llms.txt, home page, MCP instructions). */
  description: z
    .string({ error: '`description` is required: a short paragraph about the company' })
    .trim()
    .min(40)
    .max(1200),
  /** The home page's picture, beside the company's description (optional; a path from this file, e.g. `images/home.jpg` for content/images/home.jpg). */
  image: imageField('image', { src: 'images/home.jpg', alt: 'The team at work in the Rotterdam office' }),
  /** The brand's colours (optional: the template's own otherwise). */
  colors: colorsSchema,
  /** Where people and the team's follow-ups write; shown on the contact page and in tool errors. */
  contactEmail: z
    .string({ error: '`contactEmail` is required, e.g. `contactEmail: hello@example.com`' })
    .trim()
    .email({ error: '`contactEmail` must be an e-mail address' }),
  /** The name the company is registered under, e.g. "Fieldstone Works B.V." (optional: the footer, the legal notice, structured data). */
  legalName: legalNameField,
  /** Its legal form, e.g. "Private limited company (B.V.)" (optional; a translation may write it in its language). */
  legalForm: legalFormField,
  /** The company register it is entered in and its number there, e.g. the Chamber of Commerce (optional). */
  registration: registrationField,
  /** The VAT identification number with its country code, e.g. NL123456789B01 (optional; checked against its country's pattern). */
  vatId: vatIdField,
  /** The telephone number in international form, in quotes, e.g. "+44 20 7946 0958" (optional: the footer, the legal notice, llms.txt, the company profile). */
  telephone: telephoneField,
  /** The public address of the site (origin only). Every absolute URL in the artefacts starts with it. */
  baseUrl: httpsOrigin('baseUrl', 'https://www.example.com'),
  /** The alternative host that serves the same deployment for agents (origin only). */
  agentUrl: httpsOrigin('agentUrl', 'https://agents.example.com'),
  /**
   * The DNS zone the agent-discovery records are published under (`_index._agents.<zone>`,
   * `_mcp._agents.<zone>`). Defaults to the base host without a leading `www.`.
   */
  dnsZone: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+$/i, { error: '`dnsZone` must be a domain name such as example.com' })
    .optional(),
  /** Where the company works from in a few words, e.g. "Ghent and Porto" (optional; offices give the addresses). */
  location: z.string().trim().max(120).optional(),
  /**
   * What kind of organization the company is, as a schema.org type: the `@type` of the company in
   * every page's JSON-LD, e.g. `ProfessionalService` for a consultancy. One of ORGANIZATION_TYPES
   * (src/schemas/organization-types.ts); default `Organization`. LocalBusiness and its subtypes
   * (ProfessionalService, LegalService…) need at least one office with its address.
   */
  organizationType: z
    .enum(ORGANIZATION_TYPES, {
      error: `\`organizationType\` must be one of ${ORGANIZATION_TYPES.join(', ')}, e.g. \`organizationType: ProfessionalService\``,
    })
    .default('Organization'),
  /** Year the company was founded (optional). */
  founded: z.number().int().min(1800).max(2100).optional(),
  /** Rough team size, e.g. "40 engineers" (optional). */
  teamSize: z.string().trim().max(60).optional(),
  /**
   * Who answers a contact request, how and how fast: the promise the contact form's confirmation,
   * start_conversation's description and answer, the MCP server's instructions and the contact
   * bands state. Each part is a phrase that fits into "<who> reads your request and replies
   * <how>, usually within <within>". Defaults to "someone from the team" replying "by e-mail".
   */
  followUp: fieldsOf(
    '`followUp`',
    {
      /** Who reads the request and replies, as they would follow "What happens next:", e.g. "a senior consultant". */
      who: z
        .string({ error: '`followUp.who` must be a phrase, e.g. `who: a principal engineer`' })
        .trim()
        .min(3, { error: '`followUp.who` is too short, e.g. `who: a principal engineer`' })
        .max(80, { error: '`followUp.who` is at most 80 characters, e.g. `who: a principal engineer`' })
        .default('someone from the team'),
      /**
       * How the reply reaches the person, as it follows "replies", e.g. "by e-mail". The form and
       * start_conversation ask for an e-mail address only, so the reply is an e-mail.
       */
      how: z
        .string({ error: '`followUp.how` must be a phrase, e.g. `how: by e-mail`' })
        .trim()
        .min(3, { error: '`followUp.how` is too short, e.g. `how: by e-mail`' })
        .max(80, { error: '`followUp.how` is at most 80 characters, e.g. `how: by e-mail`' })
        .default('by e-mail'),
      /** How soon, as it follows "usually within", e.g. "one working day" (optional: no promise is made without it). */
      within: z
        .string({ error: '`followUp.within` must be a phrase, e.g. `within: two working days`' })
        .trim()
        .min(3, { error: '`followUp.within` is too short, e.g. `within: two working days`' })
        .max(60, { error: '`followUp.within` is at most 60 characters, e.g. `within: two working days`' })
        .optional(),
    },
    '`followUp` must hold `who`, `how` and optionally `within`, e.g. `who: a principal engineer`',
  ).default({ who: 'someone from the team', how: 'by e-mail' }),
  /**
   * The company's offices with their postal addresses (optional): shown in the footer, on the
   * contact page and in llms.txt, and kept for structured data (schema.org PostalAddress).
   */
  offices: z
    .array(
      fieldsOf('an office', {
        /** What the office is called on the site, e.g. "Ghent" or "Head office". */
        name: z
          .string({ error: 'each office needs a `name`, e.g. `- name: Rotterdam`' })
          .trim()
          .min(2, { error: 'each office needs a `name`, e.g. `- name: Rotterdam`' })
          .max(60, { error: 'an office `name` is at most 60 characters, e.g. `name: Rotterdam`' }),
        /** Street and number, e.g. "Korenmarkt 12". */
        street: z
          .string({ error: 'each office needs a `street`, e.g. `street: Wijnhaven 60`' })
          .trim()
          .min(2, { error: 'each office needs a `street`, e.g. `street: Wijnhaven 60`' })
          .max(120, { error: 'an office `street` is at most 120 characters' }),
        /** Postal code, e.g. "9000" (optional). */
        postalCode: z.string().trim().max(20, { error: 'an office `postalCode` is at most 20 characters' }).optional(),
        /** City, e.g. "Ghent". */
        city: z
          .string({ error: 'each office needs a `city`, e.g. `city: Rotterdam`' })
          .trim()
          .min(1, { error: 'each office needs a `city`, e.g. `city: Rotterdam`' })
          .max(80, { error: 'an office `city` is at most 80 characters' }),
        /** State, province or region, where addresses name one (optional). */
        region: z.string().trim().max(80, { error: 'an office `region` is at most 80 characters' }).optional(),
        /** Country, e.g. "Netherlands". */
        country: z
          .string({ error: 'each office needs a `country`, e.g. `country: Netherlands`' })
          .trim()
          .min(2, { error: 'each office needs a `country`, e.g. `country: Netherlands`' })
          .max(80, { error: 'an office `country` is at most 80 characters' }),
      }),
      { error: '`offices` must be a list, e.g. `- name: Rotterdam` with `street`, `city` and `country`' },
    )
    .default([]),
  /** Content Signals (contentsignals.org) published in robots.txt: what crawlers may use the content for. */
  contentSignals: fieldsOf('`contentSignals`', {
    /** Building a search index and showing links and snippets. */
    search: z.boolean(),
    /** Using content as input to an AI answer (retrieval, grounding). */
    aiInput: z.boolean(),
    /** Training or fine-tuning AI models. */
    aiTrain: z.boolean(),
  }).default({ search: true, aiInput: true, aiTrain: false }),
  /**
   * Whether robots.txt names the ARD manifest in an `Agentmap:` line. Off by default: Lighthouse
   * 13.5's robots.txt audit calls the line an unknown directive and fails SEO. The manifest is
   * announced by every page's `<link rel="ard">`, every `Link` header and its well-known path
   * either way.
   */
  agentmap: z.boolean({ error: '`agentmap` is `true` or `false`' }).default(false),
  /** How the site treats the leads (contact requests) it stores. */
  leads: fieldsOf('`leads`', {
    /**
     * Days a lead is kept after it was received; older leads are deleted by
     * `npm run leads -- prune`. The privacy page states it through `<LeadRetention />`.
     * A whole number from 7 to 3650; default 180.
     */
    retentionDays: z
      .number({ error: '`leads.retentionDays` must be a whole number of days, e.g. `retentionDays: 180`' })
      .int({ error: '`leads.retentionDays` must be a whole number of days' })
      .min(7, { error: '`leads.retentionDays` must be at least 7 days' })
      .max(3650, { error: '`leads.retentionDays` must be at most 3650 days (10 years)' })
      .default(DEFAULT_RETENTION_DAYS),
    /**
     * What every lead reference starts with: `AC` gives `AC-7K3M-Q9XD`. 2 to 5 capital letters or
     * digits. Optional: without it, the initials of `name` (see initialsOf). Leads filed before
     * a change keep their old prefix and can still be looked up.
     */
    referencePrefix: z
      .string({ error: '`leads.referencePrefix` must be 2 to 5 letters or digits, e.g. `referencePrefix: NB`' })
      .trim()
      .toUpperCase()
      .regex(REFERENCE_PREFIX_PATTERN, {
        error: '`leads.referencePrefix` must be 2 to 5 letters or digits (A-Z, 0-9), e.g. `referencePrefix: NB`',
      })
      .optional(),
  }).default({ retentionDays: DEFAULT_RETENTION_DAYS }),
  /** The traffic record (docs/traffic.md): counts of requests and searches, no personal data. */
  traffic: fieldsOf('`traffic`', {
    /**
     * Days the record keeps a day's counts; older days are deleted daily by the scheduled
     * function traffic-retention and by `npm run agents -- prune`. The privacy page states it
     * through `<TrafficRecord />`. A whole number from 1 to 3650; default 90.
     */
    retentionDays: z
      .number({ error: '`traffic.retentionDays` must be a whole number of days, e.g. `retentionDays: 90`' })
      .int({ error: '`traffic.retentionDays` must be a whole number of days' })
      .min(1, { error: '`traffic.retentionDays` must be at least 1 day' })
      .max(3650, { error: '`traffic.retentionDays` must be at most 3650 days (10 years)' })
      .default(DEFAULT_TRAFFIC_RETENTION_DAYS),
  }).default({ retentionDays: DEFAULT_TRAFFIC_RETENTION_DAYS }),
  /**
   * The language of the site's default pages (at the root) and of this file's texts, as a BCP 47
   * code. Optional: `en`.
   */
  defaultLanguage: languageCode('defaultLanguage').default('en'),
  /**
   * Every language the site publishes, e.g. `[en, nl, pt]` (the default language may be left
   * out; it always comes first). Each other language has its pages under `/<code>/`, its texts in
   * `content/<code>/strings.yaml`, its translated company facts in `content/<code>/company.yaml`
   * and its translated entries in `content/<code>/<collection>/` (docs/content.md, "Languages").
   * Optional: only the default language.
   */
  languages: z
    .array(languageCode('languages'), { error: '`languages` must be a list of language codes, e.g. `[en, nl, pt]`' })
    .default([]),
  /** Links to the company's profiles elsewhere (optional): the footer (`rel="me"`) and llms.txt. */
  social: z
    .array(
      fieldsOf('a `social` link', {
        /** What the link is called on the site, e.g. "LinkedIn". */
        name: z
          .string({ error: 'each `social` link needs a `name`, e.g. `- name: LinkedIn`' })
          .trim()
          .min(1, { error: 'each `social` link needs a `name`, e.g. `- name: LinkedIn`' })
          .max(40, { error: 'a `social` link `name` is at most 40 characters, e.g. `name: LinkedIn`' }),
        /** The profile's full address. */
        url: z
          .string({ error: 'each `social` link needs a `url`, e.g. `url: https://www.linkedin.com/company/example`' })
          .url({ error: 'a `social` link `url` must be a full URL, e.g. https://www.linkedin.com/company/example' }),
      }),
      { error: '`social` must be a list of links, each with `name` and `url`' },
    )
    .default([]),
  /**
   * The AI assistants every page's actions menu opens the page in, each a `name` and a `url` with
   * {prompt} where the question about the page goes (docs/content.md, "Page actions"). Optional:
   * ChatGPT, Claude and Perplexity; an empty list (`assistants: []`) leaves the menu with the
   * page's Markdown only.
   */
  assistants: assistantsSchema,
});

/** The fields alone, without the checks across them (for docs/content.md's field table test). */
export const companyFieldsSchema = companyFields;

export const companySchema = companyFields.superRefine((company, context) => {
  const seen = new Set<string>();
  for (const code of company.languages) {
    if (seen.has(code))
      context.addIssue({
        code: 'custom',
        path: ['languages'],
        message: `\`languages\` lists \`${code}\` twice: list each language once`,
      });
    seen.add(code);
  }
  if (company.leads.referencePrefix === undefined && initialsOf(company.name) === undefined)
    context.addIssue({
      code: 'custom',
      path: ['leads', 'referencePrefix'],
      message: `\`leads.referencePrefix\` is needed: "${company.name}" gives no initials to make one from. Add e.g. \`referencePrefix: AB\` under \`leads:\``,
    });
  if (isLocalBusinessType(company.organizationType) && company.offices.length === 0)
    context.addIssue({
      code: 'custom',
      path: ['organizationType'],
      message: `\`organizationType: ${company.organizationType}\` is a kind of schema.org LocalBusiness, which search engines expect to have an address: add an office under \`offices:\` (name, street, city, country), or use \`organizationType: Organization\``,
    });
});

export type Company = z.infer<typeof companySchema>;
export type CompanyOffice = Company['offices'][number];

/** Latin letters NFD does not split into a base letter and a mark. */
const FOLDED: Record<string, string> = { Ø: 'O', Æ: 'A', Œ: 'O', Ł: 'L', Đ: 'D', Þ: 'T', ẞ: 'S' };

/** A word's letters and digits in A-Z / 0-9, accents dropped (`Sønner` -> `SONNER`); others left out. */
function latin(word: string): string {
  return [...word.toUpperCase()]
    .map((char) => FOLDED[char] ?? char.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))
    .join('')
    .replace(/[^A-Z0-9]/g, '');
}

/**
 * The reference prefix a company name gives when `leads.referencePrefix` is not set: the first
 * letter or digit of each word, up to five (`Marram Studio` -> `MS`), or the first two of a
 * one-word name (`Fieldstone` -> `FI`); accents are dropped. Undefined when the name has fewer
 * than two Latin letters or digits to make one from.
 */
export function initialsOf(name: string): string | undefined {
  const words = name
    .split(/[^\p{L}\p{N}]+/u)
    .map(latin)
    .filter(Boolean);
  const initials =
    words.length === 1
      ? words[0]!.slice(0, 2)
      : words
          .map((word) => word[0])
          .join('')
          .slice(0, 5);
  return REFERENCE_PREFIX_PATTERN.test(initials) ? initials : undefined;
}

/** The prefix of the company's lead references: `leads.referencePrefix`, else the name's initials. */
export function leadReferencePrefix(company: Pick<Company, 'name' | 'leads'>): string {
  const prefix = company.leads.referencePrefix ?? initialsOf(company.name);
  // The schema refuses a company with neither; this is for hand-made values (tests).
  if (!prefix) throw new Error(`No lead reference prefix for "${company.name}": set leads.referencePrefix.`);
  return prefix;
}
