/**
 * The contact form's HTML, in the page's language, one renderer for both places it appears:
 * - every language's contact page at build time (src/components/ContactForm.astro renders it
 *   empty, with the language's `contact` strings);
 * - the answers of POST /api/contact to a form post without JavaScript (src/http/contact.ts):
 *   the same form again with the person's values and the errors next to the fields (400), or
 *   the confirmation with the lead's reference (200).
 *
 * The function's pages look like the site because they are poured into the built /contact page
 * itself: after the build, the site-files integration cuts each language's built contact page
 * (dist/contact.html, dist/nl/contact.html…) around its <main> and writes the halves, with the
 * language's strings, to .generated/contact-shell.json (src/build/contact-file.ts), which the
 * function imports on the first form post (it never reads dist/ at request time). See
 * docs/mcp-design.md, "Lead pipeline".
 *
 * Every value interpolated into HTML goes through escapeHtml.
 */
import { HONEYPOT_FIELD } from '../leads/consent.ts';
import {
  followUpSentence,
  type ContactLanguage,
  type ContactShell,
  type ContactStrings,
} from '../leads/contact-language.ts';
import { LEAD_BOUNDS } from '../leads/schema.ts';
import { fill, type LinkLanguage } from '../site/languages.ts';
import { plural } from '../site/plural.ts';
import { ROUTES } from '../site/routes.ts';
import type { ContactToolDeclaration } from './contact-tool.ts';

export type { ContactShell };

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

/** The name of the hidden field that carries the page's language (only on other languages' pages). */
export const LANGUAGE_FIELD = 'language';

/** What the form says, in the page's language. */
export interface ContactFormText {
  /** The `contact` strings of the page's language. */
  strings: ContactStrings;
  /** The page language's `language.locale`, whose plural rules choose the form of a count. */
  locale: string;
  /** The privacy page the consent statement links to; none when no language publishes one (the words stay, unlinked). */
  privacyPath?: string | undefined;
  /** Set when that page is the default language's because the form's language has none (src/model/layout-links.ts). */
  privacyLanguage?: LinkLanguage | undefined;
  /**
   * The language to post in the hidden `language` field. Left out on the default language's
   * page (no field: the endpoint answers a form without one in the default language).
   */
  language?: string;
}

export const CONTACT_ENDPOINT = ROUTES.contactApi;
export const TITLE_PLACEHOLDER = '%%CONTACT_TITLE%%';

/** A plain page in `language`, used when no built shell is available (unit tests, a function bundled without a build). */
export function fallbackShell(language: string): ContactShell {
  return {
    head:
      `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8">` +
      '<meta name="viewport" content="width=device-width, initial-scale=1">' +
      `<title>${TITLE_PLACEHOLDER}</title><meta name="robots" content="noindex"></head>` +
      '<body><main id="main" tabindex="-1">',
    tail: '</main></body></html>',
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** A marker no template or value holds, where HTML goes after escaping the text around it. */
const SLOT = '\u0000';

/** `template` filled and escaped, with `{slot}` replaced by the HTML `html` (not escaped). */
function withHtml(template: string, values: Record<string, string | number>, slot: string, html: string): string {
  return escapeHtml(fill(template, { ...values, [slot]: SLOT })).replace(SLOT, html);
}

const labelOf = (strings: ContactStrings, field: ContactField): string => strings[field];

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

const requiredMark = (strings: ContactStrings) =>
  `<span class="field-required" aria-hidden="true">*</span><span class="visually-hidden"> ${escapeHtml(strings.required)}</span>`;

function invalid(field: ContactField, errors: ContactFieldErrors): string {
  return errors[field] ? ' aria-invalid="true"' : '';
}

/**
 * The consent statement's link to the privacy page. Its words are part of the statement, in the
 * form's language, so a link to the default language's page keeps them and says where it leads
 * after them: `hreflang` on the link, the language's name in itself in a `lang` span, as the
 * layout's links do (src/components/PageLink.astro).
 */
function privacyLinkHtml(words: string, path: string | undefined, language: LinkLanguage | undefined): string {
  if (!path) return escapeHtml(words);
  if (!language) return `<a href="${escapeHtml(path)}">${escapeHtml(words)}</a>`;
  const code = escapeHtml(language.code);
  return (
    `<a href="${escapeHtml(path)}" hreflang="${code}">${escapeHtml(words)}` +
    `<span class="link-language" lang="${code}"> (${escapeHtml(language.name)})</span></a>`
  );
}

/** The error summary at the top of a rejected form: links to each field; focused on load. */
export function renderErrorSummary(strings: ContactStrings, errors: ContactFieldErrors, locale: string): string {
  const items = CONTACT_FIELDS.filter((field) => errors[field]).map(
    (field) =>
      `<li><a href="#${fieldId(field)}">${escapeHtml(labelOf(strings, field))}: ${escapeHtml(errors[field]!)}</a></li>`,
  );
  if (items.length === 0) return '';
  const heading = fill(plural(strings.correct, items.length, locale), { count: items.length });
  return (
    `<div class="form-error-summary" id="contact-error-summary" role="alert" tabindex="-1" autofocus>` +
    `<h2>${escapeHtml(heading)}</h2><ul>${items.join('')}</ul></div>`
  );
}

/**
 * The contact form, empty (the page) or with the person's values and errors (a rejected post),
 * in the language of `text`. With `tool`, the form is also declared as a WebMCP tool
 * (src/http/contact-tool.ts): the contact pages pass it; the function's answers to posts without
 * JavaScript do not need it (a browser with WebMCP runs the page's script and never posts the
 * form that way).
 */
export function renderContactForm(
  text: ContactFormText,
  values: ContactFormValues = {},
  errors: ContactFieldErrors = {},
  notice = '',
  tool?: ContactToolDeclaration,
): string {
  const { strings } = text;
  const required = requiredMark(strings);
  const value = (field: 'name' | 'email' | 'company') => (values[field] ? ` value="${escapeHtml(values[field])}"` : '');
  const param = (field: ContactField) => (tool ? ` toolparamdescription="${escapeHtml(tool.fields[field])}"` : '');
  const declaration = tool
    ? ` toolname="${escapeHtml(tool.name)}" tooldescription="${escapeHtml(tool.description)}"`
    : '';
  const language = text.language
    ? `<input type="hidden" name="${LANGUAGE_FIELD}" value="${escapeHtml(text.language)}">\n`
    : '';
  const consentLabel = escapeHtml(strings.consentStatement.replace(strings.consentLink, SLOT)).replace(
    SLOT,
    privacyLinkHtml(strings.consentLink, text.privacyPath, text.privacyLanguage),
  );
  return (
    `<form class="contact-form" id="contact-form" method="post" action="${CONTACT_ENDPOINT}" data-contact-form${declaration}>
<div class="form-status" data-form-status>${notice}${renderErrorSummary(strings, errors, text.locale)}</div>
<p class="form-note">${withHtml(strings.requiredNote, {}, 'mark', '<span aria-hidden="true">*</span>')}</p>
<div class="field">
<label for="contact-name">${escapeHtml(strings.name)} ${required}</label>
<input id="contact-name" name="name" type="text" autocomplete="name" required maxlength="${LEAD_BOUNDS.name.max}"` +
    ` aria-describedby="${describedBy('name', false)}"${invalid('name', errors)}${value('name')}${param('name')}>
${errorLine('name', errors)}
</div>
<div class="field">
<label for="contact-email">${escapeHtml(strings.email)} ${required}</label>
<p class="field-hint" id="contact-email-hint">${escapeHtml(strings.emailHint)}</p>
<input id="contact-email" name="email" type="email" autocomplete="email" required` +
    ` maxlength="${LEAD_BOUNDS.email.max}" spellcheck="false"` +
    ` aria-describedby="${describedBy('email', true)}"${invalid('email', errors)}${value('email')}${param('email')}>
${errorLine('email', errors)}
</div>
<div class="field">
<label for="contact-company">${escapeHtml(strings.company)} <span class="field-optional">${escapeHtml(strings.optional)}</span></label>
<input id="contact-company" name="company" type="text" autocomplete="organization"` +
    ` maxlength="${LEAD_BOUNDS.company.max}"` +
    ` aria-describedby="${describedBy('company', false)}"${invalid('company', errors)}${value('company')}${param('company')}>
${errorLine('company', errors)}
</div>
<div class="field">
<label for="contact-message">${escapeHtml(strings.message)} ${required}</label>
<p class="field-hint" id="contact-message-hint">${escapeHtml(fill(plural(strings.messageHint, LEAD_BOUNDS.message.max, text.locale), LEAD_BOUNDS.message))}</p>
<textarea id="contact-message" name="message" rows="7" required maxlength="${LEAD_BOUNDS.message.max}"` +
    ` aria-describedby="${describedBy('message', true)}"${invalid('message', errors)}${param('message')}>` +
    `${values.message ? escapeHtml(values.message) : ''}</textarea>
${errorLine('message', errors)}
</div>
<div class="field field-honeypot" aria-hidden="true">
<label for="contact-${HONEYPOT_FIELD}">${escapeHtml(strings.honeypot)}</label>
<input id="contact-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off">
</div>
<div class="field field-check">
<input id="contact-consent" name="consent" type="checkbox" value="yes" required` +
    ` aria-describedby="${describedBy('consent', false)}"${invalid('consent', errors)}${param('consent')}` +
    `${values.consent ? ' checked' : ''}>
<label for="contact-consent">${consentLabel} ${required}</label>
${errorLine('consent', errors)}
</div>
${language}<p><button class="button" type="submit">${escapeHtml(strings.send)}</button></p>
</form>`
  );
}

export interface ConfirmationFacts {
  reference: string;
  duplicate: boolean;
  company: string;
  contactEmail: string;
}

/** What the person sees once the lead is stored, in the language: the reference and what happens next. */
export function renderConfirmation(
  contact: Pick<ContactLanguage, 'strings' | 'followUp'>,
  facts: ConfirmationFacts,
  options: { heading?: boolean } = {},
): string {
  const { strings } = contact;
  const reference = `<strong class="reference" data-reference>${escapeHtml(facts.reference)}</strong>`;
  const first = facts.duplicate
    ? withHtml(strings.alreadyReceived, {}, 'reference', reference)
    : withHtml(strings.thanks, { company: facts.company }, 'reference', reference);
  const email = escapeHtml(facts.contactEmail);
  const next = withHtml(
    strings.next,
    { followUp: followUpSentence(contact) },
    'email',
    `<a href="mailto:${email}">${email}</a>`,
  );
  return `<div class="contact-confirmation" id="contact-confirmation" tabindex="-1">
${options.heading === false ? '' : `<h2>${escapeHtml(strings.sentHeading)}</h2>\n`}<p>${first}</p>
<p>${next}</p>
</div>`;
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
