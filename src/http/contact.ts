/**
 * POST /api/contact: the contact form's endpoint, the same lead pipeline as the MCP tool
 * start_conversation (leadInputSchema, submitLead, the same store, limits and duplicate
 * suppression), plus the form's consent checkbox and honeypot.
 *
 * Two kinds of request, two kinds of answer:
 * - `application/json` (the form's JavaScript): 200 `{ reference, duplicate, message }`;
 *   400 `{ error: { code: 'invalid_fields', message, fields } }` with a message per field;
 *   429 (a lead limit, with Retry-After); 503 (the store failed: try again or write by e-mail).
 * - `application/x-www-form-urlencoded` (the form without JavaScript): an HTML page of the site,
 *   the confirmation with the reference (200, not a redirect: no JavaScript or cookies needed),
 *   or the form again with the values and the errors next to the fields (400), 429 or 503.
 *
 * Language: the form posts the page's language in a hidden `language` field (only the pages of
 * languages other than the default have one); every answer (messages, refusals, the
 * confirmation page in that language's page shell) is in that language, and the lead records
 * it. A missing or unknown language is the default language. The 415, 413 and invalid_json
 * answers, which no form sends, stay in English, like the API's other errors.
 *
 * Honeypot: a post whose hidden `website` field is filled gets the same success answer with a
 * fresh reference, and nothing is stored or counted (a bot learns nothing; a person never sees
 * the field, which is hidden, aria-hidden, out of the tab order and not autofilled).
 */
import * as z from '../zod.ts';
import type { SiteInfo } from '../artefacts/schema.ts';
import type { WaitUntil } from '../leads/after-lead.ts';
import { FORM_CONSENT_STATEMENT, HONEYPOT_FIELD } from '../leads/consent.ts';
import {
  chooseContactLanguage,
  contactSentence,
  leadMessagesIn,
  limitSentence,
  type ContactLanguage,
  type ContactResources,
  type LoadContactResources,
} from '../leads/contact-language.ts';
import { createLeadIntake } from '../leads/intake.ts';
import type { LeadPipeline } from '../leads/pipeline.ts';
import { createLeadReference, exampleLeadReference } from '../lead-reference.ts';
import { LEAD_BOUNDS, LEAD_MESSAGE_KEYS, leadInputSchema, type LeadInput } from '../leads/schema.ts';
import type { ContactStrings } from '../leads/contact-language.ts';
import { fill } from '../site/languages.ts';
import { plural } from '../site/plural.ts';
import {
  escapeHtml,
  LANGUAGE_FIELD,
  renderConfirmation,
  renderContactForm,
  renderContactPage,
  type ContactField,
  type ContactFieldErrors,
  type ContactFormText,
  type ContactFormValues,
} from './contact-html.ts';
import { isJsonContentType } from './media-type.ts';
import { readBody } from './read-body.ts';
import { logError } from '../log.ts';
import { once } from '../once.ts';

/** Largest body accepted, in bytes: a 5,000-character message percent-encoded fits easily. */
export const MAX_CONTACT_BODY_BYTES = 65_536;

export interface ContactHandlerOptions {
  /** The company (name, contact address and reference prefix in the answers). */
  site: SiteInfo;
  /** The lead pipeline (start_conversation's), loaded on the first valid form post; without one, 503. */
  leads?: () => Promise<LeadPipeline>;
  /**
   * The form's strings, follow-up phrases and built page in every language (src/leads/contact-language.ts),
   * loaded on the first post; without them every post is answered 503 (a deployment without its build files).
   */
  contact?: LoadContactResources;
  now: () => Date;
  onError?: (error: unknown) => void;
}

/** What the API router hands the contact handler with each request. */
export interface ContactRequestContext {
  /** The client IP the platform saw: the per-IP lead limit's key (never stored). */
  clientIp: string;
  /** Keeps the function alive for the notification after the answer. */
  waitUntil?: WaitUntil;
}

/** POST /api/contact, as createContactHandler makes it. */
export type ContactHandler = (request: Request, context: ContactRequestContext) => Promise<Response>;

type Kind = 'json' | 'form';

/**
 * The request body, as the endpoint reads it (the OpenAPI description is generated from these):
 * the lead fields of `leadInputSchema` (the tool's schema), the consent box and the honeypot.
 * Other fields are ignored. Form posts send every value as a string (`consent=yes` when ticked).
 */
const contactFields = {
  ...leadInputSchema.shape,
  [HONEYPOT_FIELD]: z
    .optional(z.string())
    .check(z.describe('Honeypot: leave it out or empty. A filled value gets a success answer and nothing is stored.')),
};
const consentDescription = `Required: the person agrees to the statement "${FORM_CONSENT_STATEMENT}". Accepted as ticked: true, "yes", "on", "true", "1".`;
export const contactFormRequestSchema = z.object({
  ...contactFields,
  consent: z.string().check(z.describe(consentDescription)),
});
export const contactJsonRequestSchema = z.object({
  ...contactFields,
  consent: z.union([z.boolean(), z.string()]).check(z.describe(consentDescription)),
});

/**
 * 200 for a JSON request: the lead's reference (for a repeat, the first one's). Described with an
 * example in the company's prefix when one is given (the OpenAPI description).
 */
export const contactAcceptedSchemaFor = (referencePrefix?: string) =>
  z.object({
    reference: z
      .string()
      .check(
        z.describe(
          `The reference to quote in any follow-up${referencePrefix ? `, e.g. ${exampleLeadReference(referencePrefix)}` : ''}.`,
        ),
      ),
    duplicate: z
      .boolean()
      .check(
        z.describe(
          'True when the same request was already received (same e-mail address and message within 24 hours) and nothing new was stored.',
        ),
      ),
    message: z.string().check(z.describe('What happened and what happens next, in a sentence to show the person.')),
  });
/** The 200 answer's shape, for checks. */
export const contactAcceptedSchema = contactAcceptedSchemaFor();
export type ContactAccepted = z.infer<typeof contactAcceptedSchema>;

/**
 * The error codes of the contact endpoint's answers, with their HTTP status: one table for the
 * handler and its OpenAPI description (tests/discovery/openapi.test.ts holds them together).
 */
export const CONTACT_ERRORS = {
  invalid_json: 400,
  invalid_fields: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  lead_limit: 429,
  store_unavailable: 503,
} as const;
type ContactErrorCode = keyof typeof CONTACT_ERRORS;

/** Every JSON error answer (400, 413, 415, 429 lead limit, 503): a code, a sentence, and for 400 invalid_fields a message per field. */
export const contactErrorSchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(CONTACT_ERRORS) as [ContactErrorCode, ...ContactErrorCode[]]),
    message: z.string().check(z.describe('Why the request was not sent and what to do.')),
    fields: z
      .optional(
        z.object({
          name: z.optional(z.string()),
          email: z.optional(z.string()),
          company: z.optional(z.string()),
          message: z.optional(z.string()),
          consent: z.optional(z.string()),
        }),
      )
      .check(z.describe('invalid_fields only: a message per field that needs correcting.')),
  }),
});
export type ContactErrorBody = z.infer<typeof contactErrorSchema>;

function isFormContentType(value: string | null): boolean {
  return (value ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

const isChecked = (value: unknown) =>
  value === true || (typeof value === 'string' && ['yes', 'on', 'true', '1'].includes(value.trim().toLowerCase()));

/** The submitted fields as strings (anything else is dropped), the consent box and the honeypot. */
function readFields(raw: Record<string, unknown>): { values: ContactFormValues; honeypot: boolean; language: unknown } {
  const text = (key: string) => (typeof raw[key] === 'string' ? raw[key] : undefined);
  const values: ContactFormValues = { consent: isChecked(raw.consent) };
  for (const field of ['name', 'email', 'company', 'message'] as const) {
    const value = text(field);
    if (value !== undefined) values[field] = value;
  }
  return {
    values,
    language: raw[LANGUAGE_FIELD],
    honeypot:
      (text(HONEYPOT_FIELD) ?? '').trim() !== '' ||
      (raw[HONEYPOT_FIELD] !== undefined && typeof raw[HONEYPOT_FIELD] !== 'string'),
  };
}

/**
 * Validates with the tool's schema plus the consent box: the input, or a message per field in
 * the language of `strings` (the form's `contact` strings).
 */
export function validateContact(
  values: ContactFormValues,
  strings: ContactStrings,
  locale: string,
): { ok: true; input: LeadInput } | { ok: false; fields: ContactFieldErrors } {
  const candidate = {
    name: values.name ?? '',
    email: values.email ?? '',
    ...(values.company !== undefined && values.company.trim() !== '' ? { company: values.company } : {}),
    message: values.message ?? '',
  };
  const parsed = leadInputSchema.safeParse(candidate);
  const fields: ContactFieldErrors = {};
  if (!parsed.success) {
    const messages = leadMessagesIn(strings, locale);
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ContactField;
      const key = LEAD_MESSAGE_KEYS.get(issue.message);
      if (fields[field] === undefined) fields[field] = key ? messages[key] : issue.message;
    }
  }
  if (!values.consent) fields.consent = strings.consentRequired;
  if (!parsed.success || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, input: parsed.data };
}

/** Long: a factory: its options, strings and limits are shared by the handler it returns, whose steps are named functions below it. */
export function createContactHandler(options: ContactHandlerOptions): ContactHandler {
  const { site, leads, now } = options;
  const { name: company, contactEmail } = site;
  const onError = options.onError ?? ((error: unknown) => logError('contact endpoint: unexpected error', error));
  const fileLead = createLeadIntake({ pipeline: leads, contactEmail, referencePrefix: site.referencePrefix, onError });
  // Loaded by the first post that gets this far (a failed load is tried again by the next one).
  const resources = options.contact ? once(options.contact) : () => Promise.resolve(undefined);

  const json = (status: number, body: ContactAccepted | ContactErrorBody, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
    });
  /** A JSON error answer: its status is the code's (CONTACT_ERRORS). */
  const jsonError = (error: ContactErrorBody['error'], headers: Record<string, string> = {}) =>
    json(CONTACT_ERRORS[error.code], { error }, headers);

  const html = (
    contact: ContactLanguage,
    status: number,
    page: Parameters<typeof renderContactPage>[1],
    headers: Record<string, string> = {},
  ) =>
    new Response(renderContactPage(contact.shell, page), {
      status,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
    });

  /** The form in the language: its strings, its privacy page, and its language field (not the default's). */
  const formText = (contact: ContactLanguage, defaultLanguage: string): ContactFormText => ({
    strings: contact.strings,
    locale: contact.locale,
    privacyPath: contact.privacyPath,
    privacyLanguage: contact.privacyLanguage,
    ...(contact.language === defaultLanguage ? {} : { language: contact.language }),
  });

  /** Long: the contact request's steps in order (read, validate, limit, store, answer in JSON or HTML), each a call; what they share is the request. */
  return async (request, context) => {
    const contentType = request.headers.get('content-type');
    const kind: Kind | undefined = isJsonContentType(contentType)
      ? 'json'
      : isFormContentType(contentType)
        ? 'form'
        : undefined;
    if (!kind) {
      return jsonError({
        code: 'unsupported_media_type',
        message: 'Send the form as application/x-www-form-urlencoded or application/json.',
      });
    }
    const body = await readBody(request, MAX_CONTACT_BODY_BYTES);
    if (!body.ok) {
      return jsonError({
        code: 'payload_too_large',
        message:
          `The request is larger than ${MAX_CONTACT_BODY_BYTES} bytes. ` +
          `Send only the form's fields; the message may be at most ${LEAD_BOUNDS.message.max} characters.`,
      });
    }
    let raw: Record<string, unknown>;
    if (kind === 'json') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.text);
      } catch {
        parsed = undefined;
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        return jsonError({ code: 'invalid_json', message: 'The body is not a JSON object of the form fields.' });
      }
      raw = parsed as Record<string, unknown>;
    } else {
      raw = Object.fromEntries(new URLSearchParams(body.text));
    }

    let all: ContactResources | undefined;
    try {
      all = await resources();
    } catch (error) {
      onError(error);
    }
    if (!all) {
      return jsonError({
        code: 'store_unavailable',
        message: `The contact form is not available on this deployment (its build files are missing). Please write to ${contactEmail}.`,
      });
    }

    const { values, honeypot, language } = readFields(raw);
    const contact = chooseContactLanguage(all, language);
    const { strings } = contact;
    const form = formText(contact, all.defaultLanguage);

    const success = (reference: string, duplicate: boolean) => {
      const message = duplicate
        ? fill(strings.duplicate, { reference })
        : `${fill(strings.thanks, { company, reference })} ${contactSentence(contact, strings.willReply)}`;
      if (kind === 'json') return json(200, { reference, duplicate, message });
      return html(contact, 200, {
        title: fill(strings.sentTitle, { company }),
        heading: strings.sentHeading,
        body: renderConfirmation(contact, { reference, duplicate, company, contactEmail }, { heading: false }),
      });
    };

    /** A refusal that is not about the fields (limit, store failure): said in a sentence. */
    const refusal = (
      code: 'lead_limit' | 'store_unavailable',
      message: string,
      headers: Record<string, string> = {},
    ) => {
      if (kind === 'json') return jsonError({ code, message }, headers);
      const notice = `<div class="form-error-summary" role="alert" tabindex="-1" autofocus><h2>${escapeHtml(strings.notSent)}</h2><p>${escapeHtml(message)}</p></div>`;
      return html(
        contact,
        CONTACT_ERRORS[code],
        {
          title: fill(strings.notSentTitle, { company }),
          heading: contact.heading,
          body: renderContactForm(form, values, {}, notice),
        },
        headers,
      );
    };

    if (honeypot) return success(createLeadReference(site.referencePrefix), false);

    const checked = validateContact(values, strings, contact.locale);
    if (!checked.ok) {
      const count = Object.keys(checked.fields).length;
      const message = fill(plural(strings.invalid, count, contact.locale), { count });
      if (kind === 'json') return jsonError({ code: 'invalid_fields', message, fields: checked.fields });
      return html(contact, CONTACT_ERRORS.invalid_fields, {
        title: fill(strings.correctTitle, { company }),
        heading: contact.heading,
        body: renderContactForm(form, values, checked.fields),
      });
    }

    const at = now();
    const clientIp = context.clientIp.trim();
    const outcome = await fileLead(
      checked.input,
      {
        source: 'form',
        consent: { given: true, at: at.toISOString(), statement: strings.consentStatement, via: 'form-checkbox' },
        language: contact.language,
        ...(clientIp ? { clientIp } : {}),
      },
      { at, ...(context.waitUntil ? { waitUntil: context.waitUntil } : {}) },
    );
    switch (outcome.kind) {
      case 'filed':
      case 'duplicate':
        return success(outcome.lead.reference, outcome.kind === 'duplicate');
      case 'refused': {
        const retryAfter = String(Math.max(1, Math.ceil((outcome.retryAt.getTime() - at.getTime()) / 1000)));
        return refusal('lead_limit', limitSentence(contact, outcome.limit, outcome.retryAt, contactEmail), {
          'Retry-After': retryAfter,
        });
      }
      case 'unavailable':
        return refusal(
          'store_unavailable',
          fill(outcome.configured ? strings.storeFailed : strings.notConfigured, { email: contactEmail }),
        );
    }
  };
}
