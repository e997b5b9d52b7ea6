/**
 * The contact form and start_conversation in every language the site publishes: what the build
 * hands the API function (`.generated/contact-shell.json`, made by src/build/contact-file.ts and
 * imported by functions/api.mts on the first lead request, not at start), and how a request's
 * language is chosen from it.
 *
 * Per language: the `contact` strings of its strings.yaml, the company's `followUp` phrases in
 * that language, the path of the privacy page the consent statement links to, the contact
 * page's heading, and the built contact page of that language cut around its <main> (the shell
 * the function's HTML answers are poured into).
 *
 * A request names its language (the form's hidden `language` field, start_conversation's
 * `language` argument); a missing or unknown one is the default language, whose pages carry no
 * language field at all.
 */
import type { ContactStrings } from '../schemas/strings/contact.ts';
import { fill, type LinkLanguage } from '../site/languages.ts';
import { plural, type PluralForms } from '../site/plural.ts';
import type { FollowUp } from './follow-up.ts';
import { LEAD_LIMITS, type LimitKind } from './limits.ts';
import { LEAD_BOUNDS, LEAD_MESSAGES, type LeadMessageKey } from './schema.ts';

export type { ContactStrings };

/** A built page around its <main> content; `head` holds TITLE_PLACEHOLDER in its <title>. */
export interface ContactShell {
  head: string;
  tail: string;
}

/** Everything the contact form's answers and start_conversation say in one language. */
export interface ContactLanguage {
  /** The language's code, e.g. `nl`. */
  language: string;
  /** The `contact` section of the language's strings.yaml. */
  strings: ContactStrings;
  /** The language's `language.locale`: its plural rules choose the form of the count strings. */
  locale: string;
  /** The contact page's heading in this language (`pages.contact`). */
  heading: string;
  /** The company's follow-up phrases in this language (content/<code>/company.yaml). */
  followUp: FollowUp;
  /** The privacy page the consent statement links to: the language's own, else the default language's; none when neither has one. */
  privacyPath?: string | undefined;
  /** Set when `privacyPath` is the default language's page: its language, which the link names. */
  privacyLanguage?: LinkLanguage | undefined;
  /** The language's built contact page cut around its <main> (the default language's when it has none). */
  shell: ContactShell;
}

/** The contact form and start_conversation in every language: what the build writes for the function. */
export interface ContactResources {
  /** The default language's code: a request without a (known) language is answered in it. */
  defaultLanguage: string;
  /** Every language, by code, the default first. */
  languages: Record<string, ContactLanguage>;
}

/** Loads the contact resources (the function: on the first lead request). */
export type LoadContactResources = () => Promise<ContactResources>;

/**
 * The language a request asked for: one of the site's languages (compared without regard to
 * case or surrounding spaces), else the default language.
 */
export function chooseContactLanguage(resources: ContactResources, requested: unknown): ContactLanguage {
  const code = typeof requested === 'string' ? requested.trim().toLowerCase() : '';
  const chosen = Object.hasOwn(resources.languages, code) ? resources.languages[code] : undefined;
  return chosen ?? resources.languages[resources.defaultLanguage]!;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The phrases of `followUp` as placeholder values: `who` as written. */
function followUpValues(followUp: FollowUp) {
  return { who: followUp.who, how: followUp.how, within: followUp.within ?? '' };
}

/**
 * Who reads the request, how they reply and how soon, as the language's `followUp` sentence
 * (`followUpUntimed` without a `within`), starting lower-case as the phrase does: it follows
 * "What happens next:" in the confirmation.
 */
export function followUpSentence(contact: Pick<ContactLanguage, 'strings' | 'followUp'>): string {
  const { strings, followUp } = contact;
  return fill(followUp.within ? strings.followUp : strings.followUpUntimed, followUpValues(followUp));
}

/**
 * A sentence of the language's contact strings with its placeholders filled, the follow-up
 * phrases (`{who}`, `{how}`, `{within}`) included; one that starts with `{who}` is capitalised.
 */
export function contactSentence(
  contact: Pick<ContactLanguage, 'followUp'>,
  template: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const sentence = fill(template, { ...followUpValues(contact.followUp), ...values });
  return template.startsWith('{who}') ? capitalised(sentence) : sentence;
}

/** A refusal by an abuse limit (src/leads/limits.ts), in the language: why, and when to try again. */
export function limitSentence(
  contact: Pick<ContactLanguage, 'strings' | 'followUp' | 'locale'>,
  limit: LimitKind,
  retryAt: Date,
  contactEmail: string,
): string {
  const rule = LEAD_LIMITS[limit];
  const values = {
    max: rule.max,
    hours: rule.windowMs / 3_600_000,
    time: retryAt.toISOString(),
    email: contactEmail,
  };
  const forms = limit === 'email' ? contact.strings.limitEmail : contact.strings.limitNetwork;
  return contactSentence(contact, plural(forms, rule.max, contact.locale), values);
}

/** The field a message key is about: its first word (`nameTooLong` -> `name`). */
const FIELD_OF_MESSAGE = /^[a-z]+/;

/**
 * The lead fields' validation messages in the language, with their bounds filled in and the
 * plural form of a length message chosen by its bound (`messageTooShort` by the minimum, the
 * others by the maximum): the contact form shows them in the page (its script, which so needs
 * no plural rules) and the endpoint in its answers.
 */
export function leadMessagesIn(strings: ContactStrings, locale: string): Record<LeadMessageKey, string> {
  const messages = {} as Record<LeadMessageKey, string>;
  for (const key of Object.keys(LEAD_MESSAGES) as LeadMessageKey[]) {
    const field = FIELD_OF_MESSAGE.exec(key)![0] as keyof typeof LEAD_BOUNDS;
    const bounds: { min?: number; max: number } = LEAD_BOUNDS[field];
    const text: string | PluralForms = strings[key];
    const count = key.endsWith('TooShort') ? bounds.min! : bounds.max;
    messages[key] = fill(typeof text === 'string' ? text : plural(text, count, locale), bounds);
  }
  return messages;
}
