/**
 * Everything a person reads on the contact form and in its answers, and what start_conversation
 * tells an agent, in one language: the form's labels and hints, the consent statement, the
 * validation messages (in the page and from the endpoint), refusals, the confirmation, and the
 * sentence around the company's `followUp` phrases. The build hands each language's section to
 * the page (src/components/ContactForm.astro) and to the API function (.generated/contact-shell.json,
 * src/build/contact-file.ts), so the page and the function say the same thing.
 *
 * `{who}`, `{how}` and `{within}` are the company's `followUp` phrases in that language
 * (content/<code>/company.yaml); a sentence that starts with `{who}` is capitalised when shown.
 * The texts with a number of characters, fields or requests are count strings: the build picks
 * their plural form (by the number each comment names) before the page's script or the
 * function gets them, so neither needs plural rules of its own.
 */
import { z } from 'zod';
import { phrase, pluralPhrase } from './phrase.ts';

export const contactStrings = z
  .strictObject({
    /** The heading above the form. */
    formTitle: phrase([], 80),
    /** The note above the fields; `{mark}` is the star that marks a required field. */
    requiredNote: phrase(['mark'], 120),
    /** Read out (not shown) after a required field's label, e.g. "(required)". */
    required: phrase([], 40),
    /** Shown after an optional field's label, e.g. "(optional)". */
    optional: phrase([], 40),
    /** The name field's label. */
    name: phrase([], 60),
    /** The e-mail field's label. */
    email: phrase([], 60),
    /** The hint under the e-mail field's label. */
    emailHint: phrase([], 160),
    /** The company field's label. */
    company: phrase([], 60),
    /** The message field's label. */
    message: phrase([], 60),
    /** The hint under the message field's label; plural forms by {max}. */
    messageHint: pluralPhrase(['min', 'max'], 200),
    /** The consent box's name in the list of fields to correct. */
    consent: phrase([], 60),
    /**
     * The words next to the consent box, stored with every form lead as what the person agreed
     * to. A change of these words is a change of what people agree to: check the privacy page.
     */
    consentStatement: phrase([], 2000),
    /** The words of consentStatement that link to the privacy page (they must appear in it). */
    consentLink: phrase([], 80),
    /** The label of the hidden field only bots fill in. */
    honeypot: phrase([], 80),
    /** The send button. */
    send: phrase([], 60),

    /** A field error: the name is empty. */
    nameEmpty: phrase([], 300),
    /** A field error: the name is too long; plural forms by {max}, as in the other length errors. */
    nameTooLong: pluralPhrase(['max'], 300),
    /** A field error: the name has a line break or control character. */
    nameOneLine: phrase([], 300),
    /** A field error: the e-mail address is too long. */
    emailTooLong: pluralPhrase(['max'], 300),
    /** A field error: the e-mail address is not one. */
    emailInvalid: phrase([], 300),
    /** A field error: the company is too long. */
    companyTooLong: pluralPhrase(['max'], 300),
    /** A field error: the company has a line break or control character. */
    companyOneLine: phrase([], 300),
    /** A field error: the message is too short; plural forms by {min}. */
    messageTooShort: pluralPhrase(['min'], 300),
    /** A field error: the message is too long. */
    messageTooLong: pluralPhrase(['max'], 300),
    /** A field error: the consent box is not ticked. */
    consentRequired: phrase([], 300),

    /**
     * The heading of the list of fields to correct; plural forms by {count}, the fields. A form
     * for exactly one field may leave {count} out ("correct this field") where the language's
     * `one` is for 1 alone (English, Dutch, Portuguese; not Russian, whose `one` is also 21).
     */
    correct: pluralPhrase(['count'], 160),
    /** The endpoint's answer to the form's script when fields need correcting; the same forms. */
    invalid: pluralPhrase(['count'], 160),
    /** The form's answer to an agent (WebMCP) when fields need correcting. */
    correctFields: phrase([], 160),
    /** The form's answer to an agent (WebMCP) that sends it again while it is being sent. */
    busy: phrase([], 160),
    /** The heading of a refusal that is not about the fields (a limit, the store). */
    notSent: phrase([], 120),
    /** The endpoint answered something the form's script did not expect. */
    failedHttp: phrase(['status'], 200),
    /** The endpoint's answer had no message. */
    failed: phrase(['email'], 300),
    /** The browser could not reach the endpoint. */
    noConnection: phrase(['email'], 300),
    /** Refused: the e-mail address reached its limit of new requests; plural forms by {max}, the requests ({hours} is 24). */
    limitEmail: pluralPhrase(['max', 'hours', 'time', 'email'], 400),
    /** Refused: the network (client IP) reached its limit of new requests in the last hour; plural forms by {max}. */
    limitNetwork: pluralPhrase(['max', 'time', 'email'], 400),
    /** The store failed: nothing was sent. */
    storeFailed: phrase(['email'], 400),
    /** No store is configured: write by e-mail. */
    notConfigured: phrase(['email'], 300),

    /** The confirmation's heading. */
    sentHeading: phrase([], 80),
    /** The confirmation of a new request. */
    thanks: phrase(['company', 'reference'], 300),
    /** The confirmation of a repeated request (nothing new was sent). */
    alreadyReceived: phrase(['reference'], 300),
    /** The endpoint's short answer to a repeated request (the form's script and API clients). */
    duplicate: phrase(['reference'], 300),
    /** What happens next; `{followUp}` is the followUp sentence below. */
    next: phrase(['followUp', 'email'], 400),
    /** Who reads the request, how they reply and how soon (company.yaml's `followUp`). */
    followUp: phrase(['who', 'how', 'within'], 300),
    /** The same without a promise of time (a `followUp` without `within`). */
    followUpUntimed: phrase(['who', 'how'], 300),
    /** Who will reply, and how: after the thanks in the endpoint's short answer. */
    willReply: phrase(['who', 'how'], 200),
    /** The page title of the confirmation. */
    sentTitle: phrase(['company'], 120),
    /** The page title of the form with fields to correct. */
    correctTitle: phrase(['company'], 120),
    /** The page title of a refusal. */
    notSentTitle: phrase(['company'], 120),

    /** start_conversation: what happens next, for the agent to pass on. */
    agentNextStep: phrase(['who', 'company', 'how', 'email'], 300),
    /** start_conversation: a new request was filed. */
    agentFiled: phrase(['company', 'reference', 'nextStep', 'email'], 600),
    /** start_conversation: the same request was received before; nothing new was filed. */
    agentDuplicate: phrase(['receivedAt', 'reference', 'nextStep', 'email'], 600),
    /** start_conversation: refused by a limit; `{reason}` is limitEmail or limitNetwork. */
    agentRefused: phrase(['reason'], 600),
    /** start_conversation: the store failed. */
    agentStoreFailed: phrase(['email'], 400),
    /** start_conversation: no store is configured. */
    agentNotConfigured: phrase(['email'], 300),
  })
  .check((context) => {
    const { consentStatement, consentLink } = context.value;
    if (!consentStatement.includes(consentLink))
      context.issues.push({
        code: 'custom',
        path: ['consentLink'],
        message: `must be words of consentStatement (the words that link to the privacy page): "${consentLink}" is not in it`,
        input: consentLink,
      });
  });

/** One language's contact strings, validated. */
export type ContactStrings = z.output<typeof contactStrings>;
