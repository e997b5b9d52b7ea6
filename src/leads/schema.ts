/**
 * What a contact request is: the fields a person (or an agent acting for them) sends, and the
 * lead record the pipeline stores. The MCP tool start_conversation and the site's contact form
 * both validate with `leadInputSchema`, so the two can never accept different things.
 *
 * Each schema's fields are described in its own comment (`- field: …`), not above the fields:
 * esbuild keeps comments inside object literals, and these schemas ship in the API function,
 * whose entry has a size budget (docs/performance.md, "Cold start").
 */
import * as z from '../zod.ts';

/** Length bounds of the lead fields, in characters (after trimming). */
export const LEAD_BOUNDS = {
  name: { min: 1, max: 200 },
  email: { max: 254 },
  company: { max: 200 },
  message: { min: 10, max: 5000 },
} as const;

/**
 * The validation messages, one source for the schema (the tool and the endpoint) and the contact
 * form's inline validation (src/components/ContactForm.astro), so both say the same thing.
 */
export const LEAD_MESSAGES = {
  nameEmpty: 'name is empty: give the name of the person who wants to be contacted',
  nameTooLong: `name is longer than ${LEAD_BOUNDS.name.max} characters`,
  nameOneLine: 'name must be a single line without control characters',
  emailTooLong: `email is longer than ${LEAD_BOUNDS.email.max} characters`,
  emailInvalid: 'email is not an e-mail address: give the address the reply should go to, e.g. jane@example.com',
  companyTooLong: `company is longer than ${LEAD_BOUNDS.company.max} characters`,
  companyOneLine: 'company must be a single line without control characters',
  messageTooShort: `message is shorter than ${LEAD_BOUNDS.message.min} characters: say what the person wants to talk about`,
  messageTooLong: `message is longer than ${LEAD_BOUNDS.message.max} characters: summarise it`,
} as const;

/** The name of a validation message: a key of LEAD_MESSAGES and of the `contact` strings alike. */
export type LeadMessageKey = keyof typeof LEAD_MESSAGES;

/**
 * Which message a failed check of `leadInputSchema` gave, by its (English) text: the contact
 * form shows the same message from the page language's `contact` strings.
 */
export const LEAD_MESSAGE_KEYS: ReadonlyMap<string, LeadMessageKey> = new Map(
  (Object.entries(LEAD_MESSAGES) as [LeadMessageKey, string][]).map(([key, message]) => [message, key]),
);

/**
 * No control characters (newlines included) in one-line fields: they end up in e-mail headers.
 * Also the contact form's inline check, which receives `ONE_LINE.source`.
 */
/* eslint-disable-next-line no-control-regex -- C0 and DEL are what it rejects; the source is published
   as a JSON Schema `pattern`, so it keeps the syntax every validator reads (no `\p{…}`) */
export const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;

/**
 * What each lead field means, for whoever fills it in: start_conversation's input schema and the
 * contact form's WebMCP declaration (`toolparamdescription`, src/http/contact-tool.ts) both
 * read these, so an agent sees the same words through either door.
 */
export const LEAD_FIELD_DESCRIPTIONS = {
  name: "The person's name, as they want to be addressed.",
  email: "The person's e-mail address; the reply is sent there.",
  company: "The person's company or organisation, if they gave one.",
  message: 'What the person wants to talk about, in their words: the problem, the context, any timing.',
} as const;

/**
 * - `name`: The person's name, as they want to be addressed.
 * - `email`: Where the reply goes.
 * - `company`: The person's company or organisation (optional).
 * - `message`: What they want to talk about, in their words.
 */
export const leadInputSchema = z.strictObject({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(LEAD_BOUNDS.name.min, { error: LEAD_MESSAGES.nameEmpty }),
      z.maxLength(LEAD_BOUNDS.name.max, { error: LEAD_MESSAGES.nameTooLong }),
      z.regex(ONE_LINE, { error: LEAD_MESSAGES.nameOneLine }),
      z.describe(LEAD_FIELD_DESCRIPTIONS.name),
    ),
  email: z
    .string()
    .check(
      z.trim(),
      z.maxLength(LEAD_BOUNDS.email.max, { error: LEAD_MESSAGES.emailTooLong }),
      z.email({ error: LEAD_MESSAGES.emailInvalid }),
      z.describe(LEAD_FIELD_DESCRIPTIONS.email),
    ),
  company: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(LEAD_BOUNDS.company.max, { error: LEAD_MESSAGES.companyTooLong }),
        z.regex(ONE_LINE, { error: LEAD_MESSAGES.companyOneLine }),
        z.describe(LEAD_FIELD_DESCRIPTIONS.company),
      ),
  ),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(LEAD_BOUNDS.message.min, { error: LEAD_MESSAGES.messageTooShort }),
      z.maxLength(LEAD_BOUNDS.message.max, { error: LEAD_MESSAGES.messageTooLong }),
      z.describe(LEAD_FIELD_DESCRIPTIONS.message),
    ),
});

export type LeadInput = z.output<typeof leadInputSchema>;

/** Where a lead came from: the MCP tool (`agent`) or the site's contact form (`form`). */
export const leadSourceSchema = z.enum(['agent', 'form']);

/**
 * The software that sent the lead, as far as the request said (self-reported, for context only).
 * - `name`: MCP clientInfo.name, when the request carried it.
 * - `version`: MCP clientInfo.version, when the request carried it.
 * - `userAgent`: The User-Agent header, when no clientInfo was sent.
 */
export const leadClientSchema = z.object({
  name: z.optional(z.string().check(z.maxLength(200))),
  version: z.optional(z.string().check(z.maxLength(100))),
  userAgent: z.optional(z.string().check(z.maxLength(300))),
});

export type LeadClient = z.infer<typeof leadClientSchema>;

/** How the person's consent to being contacted was obtained. */
export const consentViaSchema = z.enum(['form-checkbox', 'agent-declared']);

/**
 * The consent facts of a lead: that consent was given, when, to which words, and how. A form
 * lead records the ticked checkbox (`form-checkbox`); an agent lead records that the calling
 * agent declared the user's consent, which start_conversation's description requires of it
 * (`agent-declared`): the company did not see the user agree, the agent vouched for it.
 * - `at`: When consent was given (for the form: when the request was received). ISO date-time.
 * - `statement`: The words the person agreed to (the checkbox label, or the tool's consent rule).
 */
export const leadConsentSchema = z.object({
  given: z.literal(true),
  at: z.iso.datetime({ offset: true }),
  statement: z.string().check(z.minLength(1), z.maxLength(2000)),
  via: consentViaSchema,
});

export type LeadConsent = z.infer<typeof leadConsentSchema>;

/** Where the team notification of a lead stands (see src/notify/deliver.ts). */
export const notificationStatusSchema = z.enum(['pending', 'sent', 'failed', 'disabled']);

/**
 * - `status`: `pending`: not delivered yet (never tried, or a retry is scheduled at
 *   `nextAttemptAt`); `sent`: the receiver accepted it; `failed`: retries exhausted (7 days);
 *   `disabled`: no notifier was configured when it was due.
 * - `attempts`: Delivery attempts made so far.
 * - `lastError`: Why the last attempt failed, e.g. `HTTP 500` or `timeout`: never personal data.
 */
export const leadNotificationSchema = z.object({
  status: notificationStatusSchema,
  attempts: z.int().check(z.minimum(0)),
  lastAttemptAt: z.optional(z.string()),
  nextAttemptAt: z.optional(z.string()),
  lastError: z.optional(z.string().check(z.maxLength(300))),
});

export type LeadNotification = z.infer<typeof leadNotificationSchema>;

/**
 * The notification state of records stored before notifications existed: `disabled` (nothing
 * was configured to notify when they arrived), so a retry job does not suddenly send them all;
 * the operator can re-send one.
 */
export const LEGACY_NOTIFICATION: LeadNotification = { status: 'disabled', attempts: 0 };

/**
 * A stored lead.
 * - `reference`: The reference the person is given: the company's prefix and two groups of four (see
 *   reference.ts).
 * - `createdAt`: When it was received (ISO date-time).
 * - `dedupeKey`: Hash of the normalised e-mail and message, for duplicate suppression (see
 *   submit.ts).
 * - `consent`: The consent facts; absent only on records stored before they were recorded.
 * - `language`: The language the request came in (a code of company.yaml's `languages`: the contact
 *   page's language, or start_conversation's `language` argument). Absent on records stored before
 *   languages were recorded: readers show "not recorded" (the site then spoke one language).
 * - `notification`: The team notification; records stored before it existed read as
 *   LEGACY_NOTIFICATION.
 */
export const leadSchema = z.object({
  reference: z.string(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.optional(z.string()),
  message: z.string(),
  source: leadSourceSchema,
  client: z.optional(leadClientSchema),
  dedupeKey: z.string(),
  consent: z.optional(leadConsentSchema),
  language: z.optional(z.string().check(z.maxLength(35))),
  notification: z._default(leadNotificationSchema, () => ({ ...LEGACY_NOTIFICATION })),
});

export type Lead = z.infer<typeof leadSchema>;
