/**
 * Who answers a contact request, how and how soon: the company's words (`followUp` in
 * content/company.yaml and content/<code>/company.yaml, handed to the API function in its head as
 * SiteInfo.followUp). The sentences around them are strings of each language (`contact` in
 * strings.yaml, filled by src/leads/contact-language.ts).
 */

/** `followUp` of content/company.yaml: phrases that fit "<who> reads your request and replies <how>, usually within <within>". */
export interface FollowUp {
  /** e.g. "a partner" */
  who: string;
  /** e.g. "by e-mail" */
  how: string;
  /** e.g. "three working days"; no promise of time without it. */
  within?: string | undefined;
}

/**
 * "a partner replies by e-mail": the clause the tool descriptions, the server's instructions and
 * the prompts (written in English for developers and agents) use. What people and agents are told
 * in a language comes from the `contact` strings of that language (src/leads/contact-language.ts).
 */
export function repliesClause(followUp: FollowUp): string {
  return `${followUp.who} replies ${followUp.how}`;
}
