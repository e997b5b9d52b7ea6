/**
 * Adds N generated entries to a content folder, as a company with years of published work has
 * them: a third case studies, the rest insights, each with ordinary frontmatter (15 search phrases
 * included, as the sample's pages have 14 to 20) and a body of a
 * few hundred words of varied text (a vocabulary of thousands of words, drawn so that a few are
 * common and most are rare, like real prose), no links and no components. Used by
 * `npm run bench:scale` and the scale integration test, always on a copy of content/.
 *
 * Every entry carries one word no other entry has (`uniqueWord(i)`), so a search for it must
 * find exactly that entry. Case studies name the services of the content folder they are added
 * to (read from content/services), so the result builds.
 *
 * `addGeneratedTranslations` then translates the same N entries into another language of the
 * folder (content/<code>/…, same file names): text drawn from that language's own vocabulary
 * (its common words and a made-up vocabulary of its own), translated industry and tag names, the
 * same services by their ids, and a unique word per entry and language
 * (`uniqueWord(i, code)`). Used by the multilingual size of `npm run bench:scale`.
 *
 * Deterministic: the same (folder, N) gives the same files.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml, parseDocument } from 'yaml';

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
function vocabulary(size: number, seed = 7): string[] {
  const next = random(seed);
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

/**
 * A word only entry `index` contains: letters only, so the search's tokenizer keeps it whole. With
 * a `language` (of a translation), a word only that entry's translation into it contains.
 */
export function uniqueWord(index: number, language?: string): string {
  let n = index;
  let suffix = '';
  do {
    suffix = String.fromCharCode(97 + (n % 26)) + suffix;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `zq${suffix}marker${language?.toLowerCase().replace(/[^a-z]/g, '') ?? ''}`;
}

/** Zipf-like draw: low ranks (common words) are much likelier than high ones. */
function zipf(next: () => number, size: number): number {
  return Math.min(size - 1, Math.floor(Math.exp(next() * Math.log(size + 1)) - 1));
}

/** How one language's generated prose reads: its common words, its vocabulary, its headings. */
interface Voice {
  common: readonly string[];
  words: readonly string[];
  headings: { context: string; did: string; result: string };
  /** The sentence that carries the entry's unique word. */
  marker: (word: string) => string;
  /** The word before a generated industry's name. */
  sector: string;
}

const ENGLISH: Voice = {
  common: COMMON,
  words: WORDS,
  headings: { context: 'Context', did: 'What we did', result: 'Result' },
  marker: (word) => `The ${word} programme is where this started.`,
  sector: 'Sector',
};

/** The languages the sample site translates into (content/nl, content/pt), for generated translations. */
const VOICES: Record<string, () => Voice> = {
  nl: () => ({
    common: (
      'de het een en van in is dat op te voor met zijn niet aan er om ook als bij of door over naar uit ' +
      'maar dan nog wel wat tot wordt werd kan moet we ze hun na onder tussen zonder binnen eerste twee nieuwe ' +
      'team teams systeem systemen data platform dienst diensten cloud migratie levering release engineers klant ' +
      'klanten project werk productie pijplijn kosten latentie beveiliging review proces model wijziging weken maanden'
    ).split(' '),
    words: vocabulary(6000, 11),
    headings: { context: 'Context', did: 'Wat we deden', result: 'Resultaat' },
    marker: (word) => `Het programma ${word} was het begin.`,
    sector: 'Sector',
  }),
  pt: () => ({
    common: (
      'o a os as de do da dos das e em no na um uma que para com por se mais como mas ao ou foi ser tem ' +
      'quando entre sem sobre depois primeiro dois novo nova equipa equipas sistema sistemas dados plataforma ' +
      'serviço serviços nuvem migração entrega versão engenheiros cliente clientes projeto trabalho produção ' +
      'custos latência segurança revisão processo modelo mudança semanas meses'
    ).split(' '),
    words: vocabulary(6000, 13),
    headings: { context: 'Contexto', did: 'O que fizemos', result: 'Resultado' },
    marker: (word) => `O programa ${word} foi o ponto de partida.`,
    sector: 'Setor',
  }),
};

/** The languages `addGeneratedTranslations` can write. */
export const TRANSLATED_LANGUAGES = Object.keys(VOICES);

function sentence(voice: Voice, next: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    out.push(
      next() < 0.45 ? voice.common[zipf(next, voice.common.length)]! : voice.words[zipf(next, voice.words.length)]!,
    );
  }
  const text = out.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function paragraph(voice: Voice, next: () => number, sentences: number): string {
  return Array.from({ length: sentences }, () => sentence(voice, next, 8 + Math.floor(next() * 14))).join(' ');
}

const yamlString = (value: string) => JSON.stringify(value);

function body(voice: Voice, next: () => number, marker: string): string {
  return [
    `## ${voice.headings.context}`,
    '',
    `${paragraph(voice, next, 4)} ${voice.marker(marker)}`,
    '',
    paragraph(voice, next, 5),
    '',
    `## ${voice.headings.did}`,
    '',
    `- ${sentence(voice, next, 10)}`,
    `- ${sentence(voice, next, 12)}`,
    `- ${sentence(voice, next, 9)}`,
    '',
    paragraph(voice, next, 6),
    '',
    `## ${voice.headings.result}`,
    '',
    paragraph(voice, next, 5),
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

/** The published services of a folder of service entries: file name (slug) -> title. */
function servicesOf(folder: string): Map<string, string> {
  const services = new Map<string, string>();
  let files: string[];
  try {
    files = readdirSync(folder).filter((name) => name.endsWith('.mdx'));
  } catch {
    return services;
  }
  for (const file of files) {
    const text = readFileSync(path.join(folder, file), 'utf8');
    const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1];
    const data = front ? (parseYaml(front) as { title?: string; draft?: boolean }) : {};
    if (data.title && !data.draft) services.set(file.slice(0, -'.mdx'.length), data.title);
  }
  return services;
}

/** The ids (file names) of the published services in `contentDir/services`, which case studies name. */
function serviceIds(contentDir: string): string[] {
  const folder = path.join(contentDir, 'services');
  const ids = [...servicesOf(folder).keys()];
  if (ids.length === 0) throw new Error(`${folder} has no published service; generated case studies need one to name.`);
  return ids.sort();
}

/** The generated industries and tags in a language (the same positions of its vocabulary). */
function facets(voice: Voice) {
  return {
    industries: Array.from({ length: 14 }, (_, i) => `${voice.sector} ${voice.words[i * 37]!}`),
    tags: Array.from({ length: 120 }, (_, i) => voice.words[i * 11 + 5]!),
  };
}

const day = (index: number) => new Date(Date.UTC(2016, 0, 1) + (index % 3650) * 86_400_000).toISOString().slice(0, 10);

/** Writes entry i of `count` in one language: the same slugs, dates, clients and authors in every language. */
function writeEntries(
  dir: string,
  count: number,
  voice: Voice,
  options: { seed: number; marker: (index: number) => string },
  services: readonly string[],
): AddedEntries {
  const caseStudies = Math.round(count / 3);
  const { industries, tags } = facets(voice);
  mkdirSync(path.join(dir, 'case-studies'), { recursive: true });
  mkdirSync(path.join(dir, 'insights'), { recursive: true });

  for (let i = 0; i < count; i++) {
    const next = random(options.seed + i);
    const marker = options.marker(i);
    const title = sentence(voice, next, 4 + Math.floor(next() * 5)).slice(0, -1);
    const summary = `${sentence(voice, next, 14)} ${sentence(voice, next, 8)}`.slice(0, 380);
    // Search phrases as the sample's pages have them (14 to 20), from a PRNG of their own so that
    // every other word of the entry is what it was before entries had them.
    const more = random(options.seed + i + 0x5ea4c);
    const phrases = [
      'searchPhrases:',
      ...Array.from(
        { length: 15 },
        () => `  - ${yamlString(sentence(voice, more, 6 + Math.floor(more() * 4)).slice(0, -1))}`,
      ),
    ];
    if (i < caseStudies) {
      const chosen = [...new Set([services[i % services.length]!, services[(i * 7 + 3) % services.length]!])];
      const front = [
        '---',
        `title: ${yamlString(`${title} (${i + 1})`)}`,
        `clientName: ${yamlString(`Client ${WORDS[(i * 13) % WORDS.length]!} ${i + 1}`)}`,
        `industry: ${yamlString(industries[i % industries.length]!)}`,
        `summary: ${yamlString(summary)}`,
        `services: ${JSON.stringify(chosen)}`,
        `date: ${day(i)}`,
        'outcomes:',
        `  - ${yamlString(sentence(voice, next, 7))}`,
        `  - ${yamlString(sentence(voice, next, 6))}`,
        ...phrases,
        '---',
      ].join('\n');
      writeFileSync(
        path.join(dir, 'case-studies', `generated-case-${i + 1}.mdx`),
        `${front}\n\n${body(voice, next, marker)}`,
      );
    } else {
      const own = [tags[i % tags.length]!, tags[(i * 31 + 7) % tags.length]!, tags[(i * 17 + 3) % tags.length]!];
      const front = [
        '---',
        `title: ${yamlString(`${title} (${i + 1})`)}`,
        `date: ${day(i)}`,
        `summary: ${yamlString(summary)}`,
        `tags: ${JSON.stringify([...new Set(own)])}`,
        `guestAuthor: ${yamlString(`Author ${(i % 40) + 1}`)}`,
        ...phrases,
        '---',
      ].join('\n');
      writeFileSync(
        path.join(dir, 'insights', `generated-insight-${i + 1}.mdx`),
        `${front}\n\n${body(voice, next, marker)}`,
      );
    }
  }
  return { caseStudies, insights: count - caseStudies, industries: industries.length, tags: tags.length };
}

/**
 * Writes `count` entries into `contentDir` (a copy of content/): case studies as
 * `case-studies/generated-case-<i>.mdx`, insights as `insights/generated-insight-<i>.mdx`.
 */
export function addGeneratedEntries(contentDir: string, count: number): AddedEntries {
  return writeEntries(contentDir, count, ENGLISH, { seed: 1000, marker: (i) => uniqueWord(i) }, serviceIds(contentDir));
}

/**
 * Translates the `count` entries `addGeneratedEntries` wrote into `contentDir` into `language`:
 * `contentDir/<language>/case-studies/generated-case-<i>.mdx` and `…/insights/generated-insight-<i>.mdx`,
 * each naming the same services by their ids, as the originals do. The language's strings.yaml and
 * company.yaml must be there already (see `ensureLanguages`).
 */
export function addGeneratedTranslations(contentDir: string, language: string, count: number): AddedEntries {
  const makeVoice = VOICES[language];
  if (!makeVoice)
    throw new Error(
      `No generated text for "${language}": addGeneratedTranslations writes ${TRANSLATED_LANGUAGES.join(', ')}.`,
    );
  return writeEntries(
    path.join(contentDir, language),
    count,
    makeVoice(),
    {
      seed: 1000 + 100_000 * (TRANSLATED_LANGUAGES.indexOf(language) + 1),
      marker: (i) => uniqueWord(i, language),
    },
    serviceIds(contentDir),
  );
}

/**
 * Makes `contentDir` (a copy of content/) publish `languages` (the default first): each other
 * language's strings.yaml and company.yaml copied from `sampleContent/<code>/` where the copy has
 * none, the folders of languages not in the list removed, and company.yaml's `languages` line set
 * to the list.
 */
export function ensureLanguages(contentDir: string, languages: readonly string[], sampleContent: string): void {
  for (const name of readdirSync(contentDir)) {
    const folder = path.join(contentDir, name);
    const isLanguage = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(name) && existsSync(path.join(folder, 'strings.yaml'));
    if (isLanguage && !languages.slice(1).includes(name)) rmSync(folder, { recursive: true, force: true });
  }
  for (const code of languages.slice(1)) {
    for (const file of ['strings.yaml', 'company.yaml']) {
      const target = path.join(contentDir, code, file);
      if (existsSync(target)) continue;
      const source = path.join(sampleContent, code, file);
      if (!existsSync(source))
        throw new Error(`${source} is missing: the sample site has no "${code}" translation to copy ${file} from.`);
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(source, target);
    }
  }
  // As a YAML document, so the list is set however it is written (the editor writes `- en` lines).
  const companyFile = path.join(contentDir, 'company.yaml');
  const company = parseDocument(readFileSync(companyFile, 'utf8'));
  company.set('languages', company.createNode([...languages], { flow: true }));
  if (!company.has('defaultLanguage')) company.set('defaultLanguage', languages[0]);
  writeFileSync(companyFile, company.toString());
}

/**
 * A copy of the JPEG `base` that is a file of its own: a comment segment with `label` right after
 * its start-of-image marker, so every copy has its own bytes (and digest) and still decodes as
 * the same picture.
 */
export function distinctJpeg(base: Uint8Array, label: string): Buffer {
  if (base[0] !== 0xff || base[1] !== 0xd8) throw new Error('distinctJpeg needs a JPEG file');
  const text = Buffer.from(label, 'latin1');
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(2 + text.length, 2);
  text.copy(segment, 4);
  return Buffer.concat([base.subarray(0, 2), segment, base.subarray(2)]);
}

/**
 * Gives each of the `count` entries `addGeneratedEntries` wrote a cover of its own: a copy of the
 * JPEG `base` made distinct (distinctJpeg) beside it, in `images/`, named in its frontmatter with
 * an alt text. Returns how many files it wrote and their bytes.
 */
export function addGeneratedCovers(
  contentDir: string,
  count: number,
  base: Uint8Array,
): { files: number; bytes: number } {
  const caseStudies = Math.round(count / 3);
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const [folder, name] =
      i < caseStudies ? ['case-studies', `generated-case-${i + 1}`] : ['insights', `generated-insight-${i + 1}`];
    const file = path.join(contentDir, folder, `${name}.mdx`);
    const source = readFileSync(file, 'utf8');
    const end = source.indexOf('\n---', 4);
    const cover = [
      'cover:',
      `  src: ./images/${name}.jpg`,
      `  alt: ${yamlString(`The picture of generated entry ${i + 1}`)}`,
    ];
    writeFileSync(file, `${source.slice(0, end)}\n${cover.join('\n')}${source.slice(end)}`);
    const image = distinctJpeg(base, `generated entry ${i + 1}`);
    mkdirSync(path.join(contentDir, folder, 'images'), { recursive: true });
    writeFileSync(path.join(contentDir, folder, 'images', `${name}.jpg`), image);
    bytes += image.byteLength;
  }
  return { files: count, bytes };
}
