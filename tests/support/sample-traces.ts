/**
 * What would give the sample company away, derived from the sample content itself (content/ of
 * this project), so the list keeps up when the sample content changes: the company's name and
 * the distinctive words of it, its tagline and description, e-mail address, hosts and domain,
 * location, team size, office names, streets and cities, social profile URLs, its follow-up
 * words (who replies, how soon), its lead reference prefix (as references: `NB-XXXX-XXXX`), the
 * path data of its logo, the titles, clients and authors of its entries, and its people's names and ids.
 *
 * A trace that another company's own content also uses (a page called "Contact", an industry
 * word) proves nothing, so `tracesAbsentFrom` leaves out those the other company's sources
 * contain.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { leadReferencePrefix } from '../../src/schemas/company.ts';
import { loadSources } from '../../src/model/load-sources.ts';

export interface Trace {
  /** Where in the sample content it comes from, e.g. `company.yaml name`, `content/services/x.mdx title`. */
  source: string;
  /** Case-insensitive. */
  pattern: RegExp;
  /** The plain text the pattern looks for (for reports and for the other company's check). */
  text: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A phrase matched case-insensitively, at word boundaries where it starts or ends with a word character. */
function phrase(source: string, text: string): Trace {
  const value = text.trim();
  const start = /^\w/.test(value) ? '\\b' : '';
  const end = /\w$/.test(value) ? '\\b' : '';
  return { source, text: value, pattern: new RegExp(`${start}${escape(value)}${end}`, 'i') };
}

/** "a principal engineer" -> "principal engineer": the words without the article, so "the principal engineers" is found too. */
const withoutArticle = (text: string) => text.replace(/^(?:a|an|the|one of (?:our|the))\s+/i, '');

/** Every trace of the company whose content/ is under `root`. */
export function sampleTraces(root: string): Trace[] {
  const sources = loadSources(root);
  const { company } = sources;
  const traces: Trace[] = [];
  const add = (source: string, text: string | undefined) => {
    if (text && text.trim().length >= 3) traces.push(phrase(source, text));
  };

  add('company.yaml name', company.name);
  for (const word of company.name.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 4) add('company.yaml name (word)', word);
  add('company.yaml tagline', company.tagline);
  add('company.yaml description', company.description);
  add('company.yaml contactEmail', company.contactEmail);
  for (const url of [company.baseUrl, company.agentUrl]) add('company.yaml host', new URL(url).host);
  add('company.yaml domain', company.dnsZone ?? new URL(company.baseUrl).host.replace(/^www\./, ''));
  add('company.yaml location', company.location);
  add('company.yaml teamSize', company.teamSize);
  for (const office of company.offices) {
    add('company.yaml offices name', office.name);
    add('company.yaml offices street', office.street);
    add('company.yaml offices city', office.city);
  }
  for (const profile of company.social) add('company.yaml social url', profile.url);
  // `how` is left out: "by e-mail" is how anyone replies to a form that asks for an e-mail address.
  add('company.yaml followUp.who', withoutArticle(company.followUp.who));
  add('company.yaml followUp.within', company.followUp.within);
  const prefix = leadReferencePrefix(company);
  traces.push({
    source: 'company.yaml leads.referencePrefix',
    text: `${prefix}-`,
    pattern: new RegExp(`\\b${escape(prefix)}-[0-9A-Z]{4}-[0-9A-Z]{4}\\b`, 'i'),
  });
  if (sources.logo) for (const [, d] of sources.logo.matchAll(/\sd="([^"]{8,})"/g)) add('content/logo.svg path', d);

  for (const entry of [...sources.services, ...sources.caseStudies, ...sources.insights, ...sources.pages]) {
    add(`${entry.file} title`, entry.data.title);
    const data = entry.data as { clientName?: string; guestAuthor?: string; quote?: { author: string } };
    add(`${entry.file} client`, data.clientName);
    add(`${entry.file} author`, data.guestAuthor);
    add(`${entry.file} quote author`, data.quote?.author);
  }
  for (const person of sources.people) {
    add(`${person.file} person`, person.data.name);
    add(`${person.file} person id`, person.slug);
  }
  for (const client of sources.clients) {
    add(`${client.file} client`, client.data.name);
    add(`${client.file} client`, client.data.anonymousAs);
  }
  const seen = new Set<string>();
  return traces.filter((trace) => !seen.has(trace.text.toLowerCase()) && seen.add(trace.text.toLowerCase()));
}

/** Every text file under `dir` (company.yaml, MDX), concatenated: what a company wrote. */
function contentText(dir: string): string {
  if (!existsSync(dir)) return '';
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

/** The traces of `sampleRoot`'s company that the content folder `otherContent` does not itself contain. */
export function tracesAbsentFrom(sampleRoot: string, otherContent: string): Trace[] {
  const other = contentText(otherContent);
  return sampleTraces(sampleRoot).filter((trace) => !trace.pattern.test(other));
}

export interface Finding {
  where: string;
  trace: Trace;
  excerpt: string;
}

/** The traces `text` contains, each with the place and ~60 characters around it. */
export function findTraces(where: string, text: string, traces: readonly Trace[]): Finding[] {
  const findings: Finding[] = [];
  for (const trace of traces) {
    const match = trace.pattern.exec(text);
    if (!match) continue;
    const from = Math.max(0, match.index - 60);
    findings.push({
      where,
      trace,
      excerpt: text.slice(from, match.index + match[0].length + 60).replace(/\s+/g, ' '),
    });
  }
  return findings;
}

/** Findings as lines a failing assertion can show. */
export const describeFindings = (findings: readonly Finding[]) =>
  findings.map(({ where, trace, excerpt }) => `${where}: "${trace.text}" (${trace.source}) in …${excerpt}…`);
