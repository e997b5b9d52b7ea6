/**
 * The contact form's consent checkbox. The words next to it are each language's
 * `contact.consentStatement` (content/strings.yaml, content/<code>/strings.yaml): the page shows
 * them (src/components/ContactForm.astro, via src/http/contact-html.ts) and the endpoint
 * (src/http/contact.ts) stores the same language's words with every form lead (consent
 * `statement`, `via: 'form-checkbox'`), so the stored words are always the words the person saw.
 * A change of those words is a change of what people agree to: it goes through review with the
 * privacy page.
 */

/**
 * The default language's statement as the API's description quotes it (the OpenAPI request
 * schema of /api/contact, src/http/contact.ts). tests/http/contact.test.ts checks that it is the
 * English `contact.consentStatement` of content/strings.yaml, so the description cannot drift
 * from what the form shows.
 */
export const FORM_CONSENT_STATEMENT =
  'I agree that the name, e-mail address, company and message I give here are stored and used to reply to my request, as described in the privacy policy.';

/** The honeypot field's name: hidden from people; a bot that fills it gets a success-looking answer and nothing is stored. */
export const HONEYPOT_FIELD = 'website';
