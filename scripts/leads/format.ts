/**
 * How leads are printed: the aligned table of `list`, the detail of `show`, and the export
 * formats. Lead fields come from the public (and `client` from whatever a request claimed), so
 * human output is made terminal-safe: control characters (ANSI escapes included) and bidi
 * overrides are replaced with U+FFFD, and JSON output escapes the characters JSON.stringify
 * leaves raw (DEL, C1 controls, U+2028/9).
 */
import type { Lead, LeadNotification } from '../../src/leads/schema.ts';

const REPLACEMENT = '\uFFFD';
/** Control characters (`\p{Cc}`: C0, DEL, C1), and the bidi embedding/override/isolate controls. */
const UNSAFE_ONE_LINE = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;
/** The same but keeping line feeds (message bodies are multi-line); tabs become spaces. */
const UNSAFE_MULTI_LINE = /[[\p{Cc}\u202a-\u202e\u2066-\u2069]--[\t\n]]/gv;

/** One line of text, safe to print on a terminal. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE_ONE_LINE, REPLACEMENT);
}

/** Multi-line text (a message), safe to print on a terminal; keeps \n, turns \t into spaces. */
export function terminalSafeMultiline(text: string): string {
  return text.replace(/\t/g, '    ').replace(UNSAFE_MULTI_LINE, REPLACEMENT);
}

/** JSON.stringify, with the characters it leaves raw that terminals or JS parsers mishandle escaped. */
export function safeJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** `2026-11-20 10:00` (UTC), or the raw value if it is not a date. */
export function receivedShort(createdAt: string): string {
  const time = Date.parse(createdAt);
  return Number.isNaN(time) ? createdAt : new Date(time).toISOString().slice(0, 16).replace('T', ' ');
}

/** `form`, `agent: Claude 1.2.0`, `agent: curl/8.5.0` (User-Agent), or `agent`. */
export function describeSource(lead: Lead): string {
  if (lead.source !== 'agent') return lead.source;
  const client = lead.client;
  const named = [client?.name, client?.version].filter((part): part is string => Boolean(part)).join(' ');
  if (named) return `agent: ${named}`;
  if (client?.userAgent) return `agent: ${client.userAgent}`;
  return 'agent';
}

const length = (text: string): number => [...text].length;

function fit(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, width - 1).join('')}…`;
}

interface Column {
  title: string;
  max: number;
  value(lead: Lead): string;
}

const COLUMNS: readonly Column[] = [
  // A 5-character prefix (the longest leads.referencePrefix allows) and two groups of four.
  { title: 'REFERENCE', max: 15, value: (lead) => lead.reference },
  { title: 'RECEIVED (UTC)', max: 16, value: (lead) => receivedShort(lead.createdAt) },
  { title: 'SOURCE', max: 28, value: describeSource },
  // The request's language; '-' for a lead stored before languages were recorded.
  { title: 'LANG', max: 8, value: (lead) => lead.language ?? '-' },
  { title: 'NAME', max: 28, value: (lead) => lead.name },
  { title: 'COMPANY', max: 24, value: (lead) => lead.company ?? '-' },
  { title: 'E-MAIL', max: 40, value: (lead) => lead.email },
];

/** The aligned table of `list` (header + one line per lead), without a trailing newline. */
export function formatTable(leads: readonly Lead[]): string {
  const rows = leads.map((lead) => COLUMNS.map((column) => fit(terminalSafe(column.value(lead)), column.max)));
  const widths = COLUMNS.map((column, i) => Math.max(length(column.title), ...rows.map((row) => length(row[i]!))));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell + ' '.repeat(widths[i]! - length(cell))))
      .join('  ')
      .trimEnd();
  return [line(COLUMNS.map((column) => column.title)), ...rows.map(line)].join('\n');
}

/** `1 lead` / `3 leads`. */
export function countLeads(count: number): string {
  return `${count} lead${count === 1 ? '' : 's'}`;
}

const attemptsText = (attempts: number) => `${attempts} attempt${attempts === 1 ? '' : 's'}`;

/**
 * Whether and when the team was told of a lead, in words: `yes, 2026-11-20 10:00 UTC (1
 * attempt)`, `not yet: …` with the next try, `no: …` with what to do.
 */
function describeNotified(lead: Lead): string {
  const { status, attempts, lastAttemptAt, nextAttemptAt, lastError } = lead.notification;
  const at = (time: string | undefined) => (time ? `${receivedShort(time)} UTC` : 'at a time not recorded');
  const error = lastError ? `, last error: ${lastError}` : '';
  const resend = `npm run leads -- resend ${lead.reference} sends it again`;
  switch (status) {
    case 'sent':
      return `yes, ${at(lastAttemptAt)} (${attemptsText(attempts)})`;
    case 'pending':
      return attempts === 0
        ? 'not yet: the first attempt is due (a lead is notified when it arrives, and retried every 5 minutes)'
        : `not yet: ${attemptsText(attempts)} failed, the last ${at(lastAttemptAt)}${error}` +
            (nextAttemptAt ? `; next try ${at(nextAttemptAt)}` : '');
    case 'failed':
      return `no: given up after ${attemptsText(attempts)}, the last ${at(lastAttemptAt)}${error}; ${resend}`;
    case 'disabled':
      return `no: no notification was configured when it arrived; ${resend} once LEADS_WEBHOOK_URL is set`;
  }
}

/** The full human-readable record of `show`, without a trailing newline. */
export function formatLead(lead: Lead): string {
  const client = lead.client;
  const clientText = client
    ? [
        client.name || client.version ? [client.name, client.version].filter(Boolean).join(' ') : undefined,
        client.userAgent ? `User-Agent: ${client.userAgent}` : undefined,
      ]
        .filter(Boolean)
        .join('; ')
    : '';
  const fields: [string, string][] = [
    ['Reference', lead.reference],
    ['Received', `${receivedShort(lead.createdAt)} UTC (${lead.createdAt})`],
    [
      'Source',
      lead.source === 'agent'
        ? 'agent (start_conversation)'
        : lead.source === 'form'
          ? 'form (contact page)'
          : lead.source,
    ],
    ...(clientText ? ([['Client', clientText]] as [string, string][]) : []),
    ['Language', lead.language ?? 'not recorded (received before languages were recorded)'],
    ['Name', lead.name],
    ['E-mail', lead.email],
    ['Company', lead.company ?? '-'],
    ['Notified', describeNotified(lead)],
  ];
  const width = Math.max(...fields.map(([label]) => label.length));
  const message = terminalSafeMultiline(lead.message)
    .split('\n')
    .map((text) => `  ${text}`.trimEnd());
  return [
    ...fields.map(([label, value]) => `${label.padEnd(width)}  ${terminalSafe(value)}`),
    '',
    'Message:',
    ...message,
  ].join('\n');
}

/** JSON lines: one lead record per line, each line ending with \n. */
export function toJsonLines(leads: readonly Lead[]): string {
  return leads.map((lead) => `${safeJson(lead)}\n`).join('');
}

export const CSV_COLUMNS = [
  'reference',
  'createdAt',
  'source',
  'clientName',
  'clientVersion',
  'clientUserAgent',
  'name',
  'email',
  'company',
  'message',
  'language',
] as const;

/**
 * One CSV cell (RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled).
 * A cell that begins with = + - @ or a tab/CR gets a leading apostrophe, so a spreadsheet shows
 * it as text instead of running it as a formula (CSV injection).
 */
export function csvCell(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** CSV with a header row and CRLF line ends (RFC 4180), ending with a line break. */
export function toCsv(leads: readonly Lead[]): string {
  const rows = leads.map((lead) => {
    const record: Record<(typeof CSV_COLUMNS)[number], string> = {
      reference: lead.reference,
      createdAt: lead.createdAt,
      source: lead.source,
      clientName: lead.client?.name ?? '',
      clientVersion: lead.client?.version ?? '',
      clientUserAgent: lead.client?.userAgent ?? '',
      name: lead.name,
      email: lead.email,
      company: lead.company ?? '',
      message: lead.message,
      language: lead.language ?? '',
    };
    return CSV_COLUMNS.map((column) => csvCell(record[column])).join(',');
  });
  return [CSV_COLUMNS.join(','), ...rows].map((row) => `${row}\r\n`).join('');
}

/** One line on a lead's notification state, e.g. `sent (1 attempt, last 2026-11-20T10:00:00.000Z)`. */
export function describeNotification(notification: LeadNotification): string {
  const { status, attempts, lastAttemptAt, nextAttemptAt, lastError } = notification;
  const details = [`${attempts} attempt${attempts === 1 ? '' : 's'}`];
  if (lastAttemptAt) details.push(`last ${lastAttemptAt}`);
  if (lastError) details.push(`last error: ${lastError}`);
  if (nextAttemptAt) details.push(`next retry ${nextAttemptAt}`);
  return terminalSafe(`${status} (${details.join(', ')})`);
}
