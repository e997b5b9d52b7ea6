/**
 * The contact form's HTML, one renderer for both places it appears:
 * - the /contact page at build time (src/components/ContactForm.astro renders it empty);
 * - the answers of POST /api/contact to a form post without JavaScript (src/http/contact.ts):
 *   the same form again with the person's values and the errors next to the fields (400), or
 *   the confirmation with the lead's reference (200).
 *
 * The function's pages look like the site because they are poured into the built /contact page
 * itself: after the build, the site-files integration cuts dist/contact.html around its <main>
 * and writes the two halves to .generated/contact-shell.json, which the function bundles (it
 * never reads dist/ at request time). See docs/mcp-design.md, "Lead pipeline".
 *
 * Every value interpolated into HTML goes through escapeHtml.
 */
import { FORM_CONSENT_STATEMENT, HONEYPOT_FIELD } from '../leads/consent.ts';
import { whatHappensNext, type FollowUp } from '../leads/follow-up.ts';
import { LEAD_BOUNDS } from '../leads/schema.ts';
import { ROUTES } from '../site/routes.ts';
import type { ContactToolDeclaration } from './contact-tool.ts';

/** The form's fields, as the person typed them. */
export interface ContactFormValues {
  name?: string;
  email?: string;
  company?: string;
  message?: string;
  consent?: boolean;
}

export type ContactField = 'name' | 'email' | 'company' | 'message' | 'consent';

/** Field-level error messages. */
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/** The built /contact page around its <main> content; `head` holds TITLE_PLACEHOLDER in <title>. */
export interface ContactShell {
  head: string;
  tail: string;
}

export const CONTACT_ENDPOINT = ROUTES.contactApi;
export const TITLE_PLACEHOLDER = '%%CONTACT_TITLE%%';

/** Used when no built shell is available (unit tests, a function bundled without a build). */
export const FALLBACK_SHELL: ContactShell = {
  head:
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${TITLE_PLACEHOLDER}</title><meta name="robots" content="noindex"></head>` +
    '<body><main id="main" tabindex="-1">',
  tail: '</main></body></html>',
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

const FIELD_LABELS: Record<ContactField, string> = {
  name: 'Name',
  email: 'E-mail address',
  company: 'Company',
  message: 'Message',
  consent: 'Consent',
};

/** The order fields appear in (and errors are listed in). */
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'company', 'message', 'consent'];

const fieldId = (field: ContactField) => `contact-${field}`;

function describedBy(field: ContactField, hint: boolean): string {
  return [hint ? `${fieldId(field)}-hint` : '', `${fieldId(field)}-error`].filter(Boolean).join(' ');
}

function errorLine(field: ContactField, errors: ContactFieldErrors): string {
  const message = errors[field];
  return `<p class="field-error" id="${fieldId(field)}-error" data-error-for="${field}"${message ? '' : ' hidden'}>${message ? escapeHtml(message) : ''}</p>`;
}

const required =
  '<span class="field-required" aria-hidden="true">*</span><span class="visually-hidden"> (required)</span>';

function invalid(field: ContactField, errors: ContactFieldErrors): string {
  return errors[field] ? ' aria-invalid="true"' : '';
}

/** The error summary at the top of a rejected form: links to each field; focused on load. */
export function renderErrorSummary(errors: ContactFieldErrors): string {
  const items = CONTACT_FIELDS.filter((field) => errors[field]).map(
    (field) =>
      `<li><a href="#${fieldId(field)}">${escapeHtml(FIELD_LABELS[field])}: ${escapeHtml(errors[field]!)}</a></li>`,
  );
  if (items.length === 0) return '';
  return (
    `<div class="form-error-summary" id="contact-error-summary" role="alert" tabindex="-1" autofocus>` +
    `<h2>The request was not sent: please correct ${items.length === 1 ? 'this field' : `these ${items.length} fields`}</h2><ul>${items.join('')}</ul></div>`
  );
}

/**
 * The contact form, empty (the page) or with the person's values and errors (a rejected post).
 * With `tool`, the form is also declared as a WebMCP tool (src/http/contact-tool.ts): the /contact
 * page passes it; the function's answers to posts without JavaScript do not need it (a browser
 * with WebMCP runs the page's script and never posts the form that way).
 */
export function renderContactForm(
  values: ContactFormValues = {},
  errors: ContactFieldErrors = {},
  notice = '',
  tool?: ContactToolDeclaration,
): string {
  const value = (field: 'name' | 'email' | 'company') => (values[field] ? ` value="${escapeHtml(values[field])}"` : '');
  const param = (field: ContactField) => (tool ? ` toolparamdescription="${escapeHtml(tool.fields[field])}"` : '');
  const declaration = tool
    ? ` toolname="${escapeHtml(tool.name)}" tooldescription="${escapeHtml(tool.description)}"`
    : '';
  return (
    `<form class="contact-form" id="contact-form" method="post" action="${CONTACT_ENDPOINT}" data-contact-form${declaration}>
<div class="form-status" data-form-status>${notice}${renderErrorSummary(errors)}</div>
<p class="form-note">Fields marked <span aria-hidden="true">*</span> are required.</p>
<div class="field">
<label for="contact-name">Name ${required}</label>
<input id="contact-name" name="name" type="text" autocomplete="name" required maxlength="${LEAD_BOUNDS.name.max}"` +
    ` aria-describedby="${describedBy('name', false)}"${invalid('name', errors)}${value('name')}${param('name')}>
${errorLine('name', errors)}
</div>
<div class="field">
<label for="contact-email">E-mail address ${required}</label>
<p class="field-hint" id="contact-email-hint">We reply to this address.</p>
<input id="contact-email" name="email" type="email" autocomplete="email" required` +
    ` maxlength="${LEAD_BOUNDS.email.max}" spellcheck="false"` +
    ` aria-describedby="${describedBy('email', true)}"${invalid('email', errors)}${value('email')}${param('email')}>
${errorLine('email', errors)}
</div>
<div class="field">
<label for="contact-company">Company <span class="field-optional">(optional)</span></label>
<input id="contact-company" name="company" type="text" autocomplete="organization"` +
    ` maxlength="${LEAD_BOUNDS.company.max}"` +
    ` aria-describedby="${describedBy('company', false)}"${invalid('company', errors)}${value('company')}${param('company')}>
${errorLine('company', errors)}
</div>
<div class="field">
<label for="contact-message">Message ${required}</label>
<p class="field-hint" id="contact-message-hint">The problem, the context, any timing: ${LEAD_BOUNDS.message.min} to ${LEAD_BOUNDS.message.max} characters.</p>
<textarea id="contact-message" name="message" rows="7" required maxlength="${LEAD_BOUNDS.message.max}"` +
    ` aria-describedby="${describedBy('message', true)}"${invalid('message', errors)}${param('message')}>` +
    `${values.message ? escapeHtml(values.message) : ''}</textarea>
${errorLine('message', errors)}
</div>
<div class="field field-honeypot" aria-hidden="true">
<label for="contact-${HONEYPOT_FIELD}">Leave this field empty</label>
<input id="contact-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off">
</div>
<div class="field field-check">
<input id="contact-consent" name="consent" type="checkbox" value="yes" required` +
    ` aria-describedby="${describedBy('consent', false)}"${invalid('consent', errors)}${param('consent')}` +
    `${values.consent ? ' checked' : ''}>
<label for="contact-consent">${escapeHtml(FORM_CONSENT_STATEMENT.replace('privacy policy', '\u0000')).replace(
      '\u0000',
      `<a href="${ROUTES.privacy}">privacy policy</a>`,
    )} ${required}</label>
${errorLine('consent', errors)}
</div>
<p><button class="button" type="submit">Send the request</button></p>
</form>`
  );
}

export interface ConfirmationFacts {
  reference: string;
  duplicate: boolean;
  company: string;
  contactEmail: string;
  /** Who replies, how and how soon (the company's `followUp`). */
  followUp: FollowUp;
}

/** What the person sees once the lead is stored: the reference and what happens next. */
export function renderConfirmation(facts: ConfirmationFacts, options: { heading?: boolean } = {}): string {
  const reference = escapeHtml(facts.reference);
  const first = facts.duplicate
    ? `<p>We had already received this request, so nothing new was sent. Your reference is <strong class="reference" data-reference>${reference}</strong>.</p>`
    : `<p>Thank you: your request reached ${escapeHtml(facts.company)}. Your reference is <strong class="reference" data-reference>${reference}</strong>.</p>`;
  return (
    `<div class="contact-confirmation" id="contact-confirmation" tabindex="-1">
${options.heading === false ? '' : '<h2>Request sent</h2>\n'}${first}
<p>What happens next: ${escapeHtml(whatHappensNext(facts.followUp))}. ` +
    'Quote the reference in any follow-up; for anything urgent, write to ' +
    `<a href="mailto:${escapeHtml(facts.contactEmail)}">${escapeHtml(facts.contactEmail)}</a>.</p>
</div>`
  );
}

/** A whole page of the site around `body`, from the built shell. */
export function renderContactPage(
  shell: ContactShell,
  page: { title: string; heading: string; lead?: string; body: string },
): string {
  const head = shell.head.replace(TITLE_PLACEHOLDER, escapeHtml(page.title));
  const lead = page.lead ? `<p class="lead">${escapeHtml(page.lead)}</p>` : '';
  return (
    `${head}<div class="page-head"><div class="container"><h1>${escapeHtml(page.heading)}</h1>${lead}</div></div>` +
    `<div class="container entry-layout"><div class="entry-main">${page.body}</div></div>${shell.tail}`
  );
}

/**
 * Cuts a built page into a ContactShell: everything up to and including the opening <main> tag
 * (with the <title> text replaced by TITLE_PLACEHOLDER) and everything from </main> on.
 */
export function cutContactShell(html: string): ContactShell {
  const open = /<main\b[^>]*>/.exec(html);
  const close = html.lastIndexOf('</main>');
  if (!open || close < 0)
    throw new Error('The built contact page has no <main> element to cut the function pages from.');
  const head = html
    .slice(0, open.index + open[0].length)
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${TITLE_PLACEHOLDER}</title>`);
  if (!head.includes(TITLE_PLACEHOLDER)) throw new Error('The built contact page has no <title>.');
  return { head, tail: html.slice(close) };
}
