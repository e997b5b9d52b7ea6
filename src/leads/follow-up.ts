/**
 * What a person or an agent is told happens after a contact request: who reads it, how they
 * reply and how soon. The words are the company's (`followUp` in content/company.yaml, handed to
 * the API function in its head as SiteInfo.followUp); these sentences put them together the
 * same way for the contact form, its confirmation page, start_conversation and the MCP server's
 * instructions.
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

const capitalised = (phrase: string) => phrase.charAt(0).toUpperCase() + phrase.slice(1);

/** "a partner replies by e-mail" */
export function repliesClause(followUp: FollowUp): string {
  return `${followUp.who} replies ${followUp.how}`;
}

/** "a partner reads your request and replies by e-mail, usually within three working days" */
export function whatHappensNext(followUp: FollowUp): string {
  const soon = followUp.within ? `, usually within ${followUp.within}` : '';
  return `${followUp.who} reads your request and replies ${followUp.how}${soon}`;
}

/** "A partner will reply by e-mail." */
export function willReply(followUp: FollowUp): string {
  return `${capitalised(followUp.who)} will reply ${followUp.how}.`;
}

/** "A partner at Example Studio will read the request and reply by e-mail to ada@example.com." */
export function agentNextStep(followUp: FollowUp, company: string, email: string): string {
  return `${capitalised(followUp.who)} at ${company} will read the request and reply ${followUp.how} to ${email}.`;
}

/** "A partner replies by e-mail, usually within three working days." (the contact bands' promise) */
export function replyPromise(followUp: FollowUp): string {
  const soon = followUp.within ? `, usually within ${followUp.within}` : '';
  return `${capitalised(followUp.who)} replies ${followUp.how}${soon}.`;
}
