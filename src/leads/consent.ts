/**
 * The contact form's consent checkbox: the exact words next to it, which are also stored with
 * every form lead (consent `statement`, `via: 'form-checkbox'`). One definition for the page
 * (src/components/ContactForm.astro, via src/http/contact-html.ts) and the endpoint
 * (src/http/contact.ts), so the stored words are always the words the person saw. Editors do not
 * change this in content/: a change of these words is a change of what people agree to, so it
 * goes through code review (and the privacy page should be checked with it).
 */
export const FORM_CONSENT_STATEMENT =
  'I agree that the name, e-mail address, company and message I give here are stored and used to reply to my request, as described in the privacy policy.';

/** The field error when the box is not ticked. */
export const FORM_CONSENT_REQUIRED =
  'Tick the box to agree that we may store your details and reply to you, or write to us by e-mail instead.';

/** The honeypot field's name: hidden from people; a bot that fills it gets a success-looking answer and nothing is stored. */
export const HONEYPOT_FIELD = 'website';
