/**
 * Adds N generated entries to a content folder, as a company with years of published work has
 * them: a third case studies, the rest insights, each with ordinary frontmatter and a body of a
 * few hundred words of varied text (a vocabulary of thousands of words, drawn so that a few are
 * common and most are rare, like real prose), no links and no components. Used by
 * `npm run bench:scale` and the scale integration test, always on a copy of content/.
 *
 * Every entry carries one word no other entry has (`uniqueWord(i)`), so a search for it must
 * find exactly that entry. Case studies name the services of the content folder they are added
 * to (read from content/services), so the result builds.
 *
 * Deterministic: the same (folder, N) gives the same files.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

/** A small, seeded PRNG (mulberry32): the same sequence on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON = (
  'the of and to in a is that for it as with was on be by this are from or have an they which one you were all we there can been ' +
  'has more when will would their what about if out so up into than them some could other its time only new also after first two ' +
  'team teams system systems data platform service services cloud migration delivery release engineers engineering client clients ' +
  'project work production pipeline pipelines cost costs latency security review process model models change changes weeks months'
).split(' ');

const ONSETS = [
  'b',
  'br',
  'c',
  'ch',
  'd',
  'dr',
  'f',
  'fl',
  'g',
  'gr',
  'h',
  'j',
  'k',
  'l',
  'm',
  'n',
  'p',
  'pl',
  'qu',
  'r',
  's',
  'st',
  't',
  'tr',
  'v',
  'w',
  'z',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'io', 'ou'];
const CODAS = ['', 'n', 'r', 'l', 's', 'st', 'nd', 'rk', 'x', 'm'];

/** A vocabulary of `size` distinct made-up words of 2-3 syllables (no real-word collisions matter here). */
function vocabulary(size: number): string[] {
  const next = random(7);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const words = new Set<string>();
  while (words.size < size) {
    const syllables = 2 + Math.floor(next() * 2);
    let word = '';
    for (let i = 0; i < syllables; i++) word += pick(ONSETS) + pick(VOWELS);
    words.add(word + pick(CODAS));
  }
  return [...words];
}

const WORDS = vocabulary(6000);

/** A word only entry `index` contains: letters only, so the search's tokenizer keeps it whole. */
export function uniqueWord(index: number): string {
  let n = index;
  let suffix = '';
  do {
    suffix = String.fromCharCode(97 + (n % 26)) + suffix;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `zq${suffix}marker`;
}

/** Zipf-like draw: low ranks (common words) are much likelier than high ones. */
function zipf(next: () => number, size: number): number {
  return Math.min(size - 1, Math.floor(Math.exp(next() * Math.log(size + 1)) - 1));
}

function sentence(next: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    out.push(next() < 0.45 ? COMMON[zipf(next, COMMON.length)]! : WORDS[zipf(next, WORDS.length)]!);
  }
  const text = out.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function paragraph(next: () => number, sentences: number): string {
  return Array.from({ length: sentences }, () => sentence(next, 8 + Math.floor(next() * 14))).join(' ');
}

const yamlString = (value: string) => JSON.stringify(value);

function body(next: () => number, marker: string): string {
  return [
    '## Context',
    '',
    `${paragraph(next, 4)} The ${marker} programme is where this started.`,
    '',
    paragraph(next, 5),
    '',
    '## What we did',
    '',
    `- ${sentence(next, 10)}`,
    `- ${sentence(next, 12)}`,
    `- ${sentence(next, 9)}`,
    '',
    paragraph(next, 6),
    '',
    '## Result',
    '',
    paragraph(next, 5),
    '',
  ].join('\n');
}

export interface AddedEntries {
  caseStudies: number;
  insights: number;
  /** Industries and tags the generated entries use. */
  industries: number;
  tags: number;
}

/** The titles of the published services in `contentDir/services`, which case studies must name. */
function serviceTitles(contentDir: string): string[] {
  const folder = path.join(contentDir, 'services');
  const titles: string[] = [];
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.mdx'))) {
    const text = readFileSync(path.join(folder, file), 'utf8');
    const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1];
    const data = front ? (parseYaml(front) as { title?: string; draft?: boolean }) : {};
    if (data.title && !data.draft) titles.push(data.title);
  }
  if (titles.length === 0)
    throw new Error(`${folder} has no published service; generated case studies need one to name.`);
  return titles.sort();
}

/**
 * Writes `count` entries into `contentDir` (a copy of content/): case studies as
 * `case-studies/generated-case-<i>.mdx`, insights as `insights/generated-insight-<i>.mdx`.
 */
export function addGeneratedEntries(contentDir: string, count: number): AddedEntries {
  const services = serviceTitles(contentDir);
  const caseStudies = Math.round(count / 3);
  const industries = Array.from({ length: 14 }, (_, i) => `Sector ${WORDS[i * 37]!}`);
  const tags = Array.from({ length: 120 }, (_, i) => WORDS[i * 11 + 5]!);
  const day = (index: number) =>
    new Date(Date.UTC(2016, 0, 1) + (index % 3650) * 86_400_000).toISOString().slice(0, 10);
  mkdirSync(path.join(contentDir, 'case-studies'), { recursive: true });
  mkdirSync(path.join(contentDir, 'insights'), { recursive: true });

  for (let i = 0; i < count; i++) {
    const next = random(1000 + i);
    const marker = uniqueWord(i);
    const title = sentence(next, 4 + Math.floor(next() * 5)).slice(0, -1);
    const summary = `${sentence(next, 14)} ${sentence(next, 8)}`.slice(0, 380);
    if (i < caseStudies) {
      const chosen = [...new Set([services[i % services.length]!, services[(i * 7 + 3) % services.length]!])];
      const front = [
        '---',
        `title: ${yamlString(`${title} (${i + 1})`)}`,
        `client: ${yamlString(`Client ${WORDS[(i * 13) % WORDS.length]!} ${i + 1}`)}`,
        `industry: ${yamlString(industries[i % industries.length]!)}`,
        `summary: ${yamlString(summary)}`,
        `services: ${JSON.stringify(chosen)}`,
        `date: ${day(i)}`,
        'outcomes:',
        `  - ${yamlString(sentence(next, 7))}`,
        `  - ${yamlString(sentence(next, 6))}`,
        '---',
      ].join('\n');
      writeFileSync(
        path.join(contentDir, 'case-studies', `generated-case-${i + 1}.mdx`),
        `${front}\n\n${body(next, marker)}`,
      );
    } else {
      const own = [tags[i % tags.length]!, tags[(i * 31 + 7) % tags.length]!, tags[(i * 17 + 3) % tags.length]!];
      const front = [
        '---',
        `title: ${yamlString(`${title} (${i + 1})`)}`,
        `date: ${day(i)}`,
        `summary: ${yamlString(summary)}`,
        `tags: ${JSON.stringify([...new Set(own)])}`,
        `author: ${yamlString(`Author ${(i % 40) + 1}`)}`,
        '---',
      ].join('\n');
      writeFileSync(
        path.join(contentDir, 'insights', `generated-insight-${i + 1}.mdx`),
        `${front}\n\n${body(next, marker)}`,
      );
    }
  }
  return { caseStudies, insights: count - caseStudies, industries: industries.length, tags: tags.length };
}
