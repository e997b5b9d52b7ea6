/**
 * Builds the search index at build time: every published service, case study, insight and page,
 * tokenized and scored with the settings of options.ts (its index options, DEFAULT_INDEX_OPTIONS:
 * the query side never reads them). What a query needs is computed here, once: each (term,
 * document) pair carries its BM25+ score already summed over the fields with their boosts, so a
 * query only adds numbers (src/search/query.ts). The result is stored in a compact
 * binary form (index-format.ts) that the API function loads without parsing per posting.
 */
import type { AnyEntry, Person, SiteModel } from '../model/model.ts';
import { languageNameIn } from '../model/listing-note.ts';
import type { Analyzer } from '../search/analyzers.ts';
import {
  bm25,
  DEFAULT_INDEX_OPTIONS,
  processTerm,
  SEARCH_FIELDS,
  tokenize,
  type IndexOptions,
  type SearchDocument,
} from '../search/options.ts';
import type { SearchIndex } from '../search/index-format.ts';
import { markdownToPlainText } from '../search/plain-text.ts';
import { companyFactsFor, factQuestionsFor } from './company-facts.ts';
import { personDescription } from '../model/site-pages.ts';
import { isQuestionTerm, questionTerm } from '../search/questions.ts';
import { isEnglish } from '../search/analyzers.ts';

/** The languages a person speaks, by their names in the page's language, as their page shows them ("Duits" for `de` in Dutch). */
function languageNames(model: SiteModel, person: Person): string[] {
  return (person.data.languages ?? []).map((code) => languageNameIn(model.strings.language.locale, code));
}

function facetsOf(model: SiteModel, entry: AnyEntry): string {
  switch (entry.kind) {
    case 'case-study':
      return [entry.client.name, entry.data.industry, ...entry.services.map((service) => service.data.title)].join(
        ' · ',
      );
    case 'insight':
      return [...entry.data.tags, entry.author.name].join(' · ');
    case 'person':
      return [entry.data.role, entry.office?.name, ...entry.data.expertise, ...languageNames(model, entry)]
        .filter(Boolean)
        .join(' · ');
    case 'service':
      return entry.lead ? entry.lead.data.name : '';
    default:
      return '';
  }
}

/**
 * What the page shows from the frontmatter besides the body, as sentences: a case study's
 * outcomes, its client's quote (words, who said it, their role) and its team's names, so a search
 * for an outcome, the person quoted or one who worked on it finds the case study.
 */
function shownBesideBody(entry: AnyEntry): string[] {
  if (entry.kind !== 'case-study') return [];
  const { outcomes, quote } = entry.data;
  return [
    ...(outcomes ?? []),
    ...(quote ? [quote.text, [quote.author, quote.role].filter(Boolean).join(', ')] : []),
    ...entry.team.map((person) => person.data.name),
  ];
}

/**
 * The headings a person's page shows besides its body: the services they lead, the case studies
 * they worked on and the articles they wrote, so "who wrote about data contracts" or "who would
 * work on a cloud migration" finds the person as well as the article or the service.
 */
function workTitles(model: SiteModel, entry: AnyEntry): string[] {
  if (entry.kind !== 'person') return [];
  const work = model.index.workOf.get(entry.slug);
  return work
    ? [
        ...work.services.map((service) => service.data.title),
        ...work.caseStudies.map((study) => study.data.title),
        ...work.insights.map((insight) => insight.data.title),
      ]
    : [];
}

/** A list item or paragraph that begins in bold: "- **Fixed teams, transparent rates.** We work…". */
const BOLD_LEAD = /^\s{0,3}(?:(?:[-*+]|\d+[.)])\s+)?\*\*([^*]+)\*\*/;

/**
 * The body's headings (ATX, outside code blocks), and the bold words a list item or paragraph
 * begins with, as plain text. Pages state what each point is about that way as often as with a
 * heading ("**Fixed teams, transparent rates.**", "**A first conversation of about an hour**"),
 * and those words are what a question about the point asks for.
 */
export function headingsOf(markdown: string): string {
  const headings: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s{0,3}(```|~~~)/.test(line)) fenced = !fenced;
    else if (fenced) continue;
    else if (/^\s{0,3}#{1,6}\s/.test(line)) headings.push(markdownToPlainText(line));
    else {
      const lead = BOLD_LEAD.exec(line);
      if (lead) headings.push(markdownToPlainText(lead[1]!));
    }
  }
  return headings.join(' · ');
}

/**
 * The first page of each listing (services, case studies, insights) as a document of its title,
 * lead text and path only: the answer to "what services do you offer" or "your case studies".
 * Their lists are left out, or every query would match them; filtered listings are left out too,
 * so their number does not grow with the site's tags. The listing's names (its title and labels)
 * are also its facets, as an entry's industry is: a question that names the section ("referenties
 * van klanten", "artigos técnicos") finds it before the pages that only mention clients or
 * articles (tuning sets' hit@3 0.958 -> 0.967; a topical question naming the kind, "energy
 * industry case study", can now have the listing second).
 */
function listingDocuments(model: SiteModel): SearchDocument[] {
  const { pages } = model.strings;
  // The labels the site gives each listing in the language besides its title ("All case studies").
  const labels = {
    services: '',
    'case-studies': [pages.recentCaseStudies, pages.allCaseStudies].join(' · '),
    insights: [pages.recentInsights, pages.allInsights].join(' · '),
    team: model.strings.team.allPeople,
  };
  return model.sitePages
    .filter((page) => page.kind === 'listing' && !page.facet && page.listing?.number === 1)
    .map((page) => ({
      id: page.path,
      kind: 'page',
      title: page.title,
      summary: page.description,
      slug: page.path.split(/[/-]+/).join(' ').trim(),
      headings: labels[page.listing!.of],
      facets: [page.title, labels[page.listing!.of]].join(' · '),
      facts: '',
      phrases: '',
      text: '',
    }));
}

/** The documents of the index: every published service, case study, insight and page, and the listings' first pages. */
export function searchDocuments(model: SiteModel): SearchDocument[] {
  const entries: AnyEntry[] = [
    ...model.services,
    ...model.caseStudies,
    ...model.insights,
    ...model.pages,
    ...model.people,
  ];
  // A site without an about page has the about page's facts on its contact page (which it must have).
  const { routes } = model;
  const { strings } = model;
  const english = isEnglish(model.language);
  const hasAbout = model.pages.some((page) => page.path === routes.about);
  const source = {
    company: model.company,
    routes,
    strings,
    english,
    hasIndustries: model.industries.length > 0,
  };
  // The pages whose facts the page at `path` states (the contact page: the about page's too, above).
  const factPages = (path: string) => (path === routes.contact && !hasAbout ? [routes.about, path] : [path]);
  const factsOf = (path: string) =>
    factPages(path)
      .map((page) => companyFactsFor(page, source))
      .join(' ');
  const questionsOf = (path: string) => [...new Set(factPages(path).flatMap((page) => factQuestionsFor(page, source)))];
  return [
    ...entries.map((entry): SearchDocument => ({
      id: entry.path,
      kind: entry.kind,
      // A person's page is headed by their name and role.
      title: entry.kind === 'person' ? `${entry.data.name} · ${entry.data.role}` : entry.data.title,
      summary:
        entry.kind === 'person'
          ? personDescription(entry)
          : 'summary' in entry.data
            ? entry.data.summary
            : entry.data.description,
      slug: entry.path.split(/[/-]+/).join(' ').trim(),
      headings: [headingsOf(entry.bodyMarkdown), ...workTitles(model, entry)].filter(Boolean).join(' · '),
      facets: facetsOf(model, entry),
      facts: factsOf(entry.path),
      // A person's page answers "who" (who knows X, who wrote Y), as the about page does for the company.
      questions: entry.kind === 'person' ? [questionTerm('who')] : questionsOf(entry.path),
      phrases: (entry.data.searchPhrases ?? []).join(' · '),
      text: [markdownToPlainText(entry.bodyMarkdown), ...shownBesideBody(entry)].join('\n'),
      ...('date' in entry.data ? { date: entry.data.date } : {}),
    })),
    ...listingDocuments(model),
  ];
}

/** One field's postings of one term while indexing: documents in ascending order and term counts. */
interface FieldPostings {
  docs: number[];
  counts: number[];
}

/** A growable Int32Array-backed list of per-id values, for the indexer's scratch tables. */
function growable(initial: number) {
  let values = new Int32Array(initial);
  return {
    get: (id: number) => (id < values.length ? values[id]! : 0),
    set(id: number, value: number) {
      if (id >= values.length) {
        const larger = new Int32Array(Math.max(values.length * 2, id + 1));
        larger.set(values);
        values = larger;
      }
      values[id] = value;
    },
  };
}

/**
 * The index of `documents`, their words analysed by `analyzer` (the language's, src/build/search-analyzers.ts),
 * scored with `options` (the fields' boosts and BM25+: options.ts; the build's are the defaults).
 *
 * Long: the index is built in one pass over the documents (terms, postings, compounds) whose state the steps share; at 10,000 entries a pass per step cost seconds.
 */
export function buildSearchIndex(
  documents: readonly SearchDocument[],
  analyzer?: Analyzer,
  options: IndexOptions = DEFAULT_INDEX_OPTIONS,
): SearchIndex {
  const total = documents.length;
  // Every distinct raw token and every distinct term get a number once; per token the indexer
  // then does one map lookup and otherwise works on arrays.
  const rawIds = new Map<string, number>();
  const termOfRaw: number[] = []; // raw token id -> term id, or -1 for a token that indexes nothing
  const termIds = new Map<string, number>();
  const terms: string[] = [];
  const byField = SEARCH_FIELDS.map(() => [] as (FieldPostings | undefined)[]);
  const lengths = SEARCH_FIELDS.map(() => new Float64Array(total));
  const averages = SEARCH_FIELDS.map(() => 0);
  // Per-field scratch: which raw tokens and terms this field has, and their counts.
  const rawStamp = growable(1 << 16);
  const rawCount = growable(1 << 16);
  const termStamp = growable(1 << 16);
  const termCount = growable(1 << 16);
  let stamp = 0;
  const rawSeen: number[] = [];
  const termSeen: number[] = [];

  documents.forEach((document, doc) => {
    SEARCH_FIELDS.forEach((field, fieldIndex) => {
      stamp += 1;
      rawSeen.length = 0;
      const tokens = tokenize(document[field]);
      if (field === 'facts' && document.questions) tokens.push(...document.questions);
      for (const token of tokens) {
        let id = rawIds.get(token);
        if (id === undefined) {
          id = rawIds.size;
          rawIds.set(token, id);
          // A question's kind is its own term; a page's text never makes one (questions.ts).
          const term = isQuestionTerm(token) ? token : processTerm(token, analyzer);
          let termId = term ? termIds.get(term) : -1;
          if (termId === undefined) {
            termId = terms.length;
            termIds.set(term, termId);
            terms.push(term);
          }
          termOfRaw.push(termId);
        }
        if (rawStamp.get(id) !== stamp) {
          rawStamp.set(id, stamp);
          rawCount.set(id, 0);
          rawSeen.push(id);
        }
        rawCount.set(id, rawCount.get(id) + 1);
      }
      // A field's length is its number of distinct raw tokens, and the average is kept as a
      // running mean, exactly as MiniSearch does, so scores match its own to the last digits.
      const length = rawSeen.length;
      lengths[fieldIndex]![doc] = length;
      averages[fieldIndex] = (averages[fieldIndex]! * doc + length) / (doc + 1);
      termSeen.length = 0;
      for (const id of rawSeen) {
        const termId = termOfRaw[id]!;
        if (termId < 0) continue;
        if (termStamp.get(termId) !== stamp) {
          termStamp.set(termId, stamp);
          termCount.set(termId, 0);
          termSeen.push(termId);
        }
        termCount.set(termId, termCount.get(termId) + rawCount.get(id));
      }
      const postings = byField[fieldIndex]!;
      for (const termId of termSeen) {
        let entry = postings[termId];
        if (!entry) postings[termId] = entry = { docs: [], counts: [] };
        entry.docs.push(doc);
        entry.counts.push(termCount.get(termId));
      }
    });
  });

  // Terms in sorted order; per term, the fields that have it. A document appears once per term,
  // its fields' scores summed.
  const order = terms.map((_, id) => id).sort((a, b) => (terms[a]! < terms[b]! ? -1 : terms[a]! > terms[b]! ? 1 : 0));
  const perTerm = order.map((id) => byField.map((postings) => postings[id]));
  const offsets = new Uint32Array(terms.length + 1);
  const seenIn = new Int32Array(total).fill(-1);
  let postingCount = 0;
  perTerm.forEach((fields, i) => {
    for (const entry of fields) {
      if (!entry) continue;
      for (const doc of entry.docs) {
        if (seenIn[doc] !== i) {
          seenIn[doc] = i;
          postingCount += 1;
        }
      }
    }
    offsets[i + 1] = postingCount;
  });

  const docs = new Uint32Array(postingCount);
  const scores = new Float32Array(postingCount);
  const scratch = new Float64Array(total);
  perTerm.forEach((fields, i) => {
    const seen: number[] = [];
    let single = true;
    fields.forEach((entry, fieldIndex) => {
      if (!entry) return;
      if (seen.length) single = false;
      const matching = entry.docs.length;
      const boost = options.boosts[SEARCH_FIELDS[fieldIndex]!];
      const fieldLengths = lengths[fieldIndex]!;
      const average = averages[fieldIndex]!;
      for (let j = 0; j < matching; j++) {
        const doc = entry.docs[j]!;
        if (scratch[doc] === 0) seen.push(doc);
        scratch[doc]! += boost * bm25(entry.counts[j]!, matching, total, fieldLengths[doc]!, average, options.bm25);
      }
    });
    // Postings of one field are already in document order; only a merge of several needs sorting.
    if (!single) seen.sort((a, b) => a - b);
    let at = offsets[i]!;
    for (const doc of seen) {
      docs[at] = doc;
      scores[at] = scratch[doc]!;
      scratch[doc] = 0;
      at += 1;
    }
  });

  return {
    documents: documents.map((document) => document.id),
    people: documents.flatMap((document, doc) => (document.kind === 'person' ? [doc] : [])),
    terms: order.map((id) => terms[id]!),
    offsets,
    docs,
    scores,
  };
}
