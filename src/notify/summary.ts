/**
 * A plain-text / Markdown summary of a lead that is safe to paste into chat tools (Slack,
 * Teams, Discord, Mattermost) and Markdown renderers: every character of the person's own text
 * that Markdown or HTML gives a meaning to is escaped, so a message cannot add links, images,
 * headings, mentions, HTML or code blocks to the notification.
 */
import type { Lead } from '../leads/schema.ts';

/** HTML first (`&`, `<`, `>` to entities; chat tools such as Slack decode exactly these). */
const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every ASCII punctuation character CommonMark allows to be backslash-escaped that has a meaning. */
const MARKDOWN = /[\\`*_{}[\]()#+\-.!|~:@=]/g;

/** Escapes one piece of untrusted text for a Markdown/HTML context. */
export function escapeMarkdown(text: string): string {
  return (
    text
      .replace(/[&<>"']/g, (character) => HTML[character]!)
      .replace(MARKDOWN, (character) => `\\${character}`)
      // No control characters except newlines (and no raw carriage returns).
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- removing C0 controls (but \n) and DEL is the point; `\p{Cc}` would also take C1
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
  );
}

/** Untrusted multi-line text as a block quote: each line is quoted, so none can start a block. */
function quote(text: string): string {
  return escapeMarkdown(text)
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

/** The summary line-up: reference and source (ours, safe), then the person's text escaped. */
export function leadSummary(lead: Lead): string {
  const client = lead.client?.name
    ? ` via ${escapeMarkdown(`${lead.client.name}${lead.client.version ? ` ${lead.client.version}` : ''}`)}`
    : '';
  const lines = [
    `New lead ${lead.reference} (${lead.source === 'agent' ? 'agent' : 'contact form'}${client}), received ${lead.createdAt}`,
    `From: ${escapeMarkdown(lead.name)} (${escapeMarkdown(lead.email)})${lead.company ? `, ${escapeMarkdown(lead.company)}` : ''}`,
    `Language: ${lead.language ? escapeMarkdown(lead.language) : 'not recorded'}`,
    `Consent: ${lead.consent ? `${lead.consent.via}, ${lead.consent.at}` : 'not recorded'}`,
    'Message:',
    quote(lead.message),
  ];
  return lines.join('\n');
}
