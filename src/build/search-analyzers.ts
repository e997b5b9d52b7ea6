/**
 * The analyzers the build indexes with (src/search/analyzers.ts says what each language gets),
 * loaded synchronously: the build has every package installed, and its artefact builder is a
 * plain function. The function loads the same stemmers asynchronously, on first use, and reads
 * a language's stop words from the artefact the build writes (`stopWordsOf`).
 */
import { createRequire } from 'node:module';
import {
  ENGLISH_ANALYZER,
  foldingAnalyzer,
  isEnglish,
  withVocabulary,
  type Analyzer,
  type Stemmer,
  type StemmerLoader,
} from '../search/analyzers.ts';
import type { QuestionKind, QuestionWords } from '../search/questions.ts';
import { tokenize } from '../search/options.ts';
import { snowballName, stopWordsName } from '../search/snowball.ts';

const require = createRequire(import.meta.url);
const analyzers = new Map<string, Analyzer>();

/** The stop words of a language other than English (empty when @orama/stopwords has none for it). */
export function stopWordsOf(language: string): string[] {
  const name = stopWordsName(language);
  if (!name) return [];
  return (require(`@orama/stopwords/${name}`) as { stopwords: string[] }).stopwords;
}

/** A language's Snowball stemmer, loaded synchronously; undefined when it has none. */
function stemmerOf(language: string): Stemmer | undefined {
  const name = snowballName(language);
  return name ? (require(`@orama/stemmers/${name}`) as { stemmer: Stemmer }).stemmer : undefined;
}

/** The build's stemmer loader, for code that runs the function's search outside the function (tests, benchmarks). */
export const buildStemmers: StemmerLoader = (language) => Promise.resolve(stemmerOf(language));

/** A language's search vocabulary from its translation file (src/schemas/strings/search.ts). */
export interface Vocabulary {
  synonyms: readonly (readonly string[])[];
  stopWords: readonly string[];
  questions?: QuestionWords;
}

/** The built-in analyzer of `language`: English's, or Snowball's stemmer and stop words. */
function baseAnalyzer(language: string): Analyzer {
  if (isEnglish(language)) return ENGLISH_ANALYZER;
  let analyzer = analyzers.get(language);
  if (!analyzer) {
    analyzer = foldingAnalyzer(language, stemmerOf(language), stopWordsOf(language));
    analyzers.set(language, analyzer);
  }
  return analyzer;
}

/** What the build indexes and stores for `language`: its analyzer, and what the function needs to make the same one. */
export interface BuildAnalysis {
  analyzer: Analyzer;
  /** The stop words to store with the index: every one of a non-English language, English's additions. */
  stopWords: string[];
  /** The synonym groups to store, as terms. */
  synonyms: string[][];
  /** The question words to store, lower-case, by kind (the translation file's; English's own are code). */
  questions: Partial<Record<QuestionKind, string[]>>;
}

/**
 * A synonym group's entry as stored: a word's term, or a phrase's terms joined by one space
 * ("centro de dados" -> "centr dad"), its stop words left out.
 */
function synonymTerms(entry: string, analyzer: Analyzer, stopWords: ReadonlySet<string>): string {
  const words = tokenize(entry.toLowerCase()).filter((word) => word.length > 0);
  const meaningful = words.filter((word) => !stopWords.has(word));
  return (meaningful.length ? meaningful : words).map((word) => analyzer.term(word)).join(' ');
}

/** The analysis the build indexes `language` with, its vocabulary added. */
export function buildAnalysis(language: string, vocabulary?: Vocabulary): BuildAnalysis {
  const base = baseAnalyzer(language);
  const added = (vocabulary?.stopWords ?? []).map((word) => word.toLowerCase());
  const stopWords = base.folds ? [...new Set([...base.stopWords, ...added])] : added;
  const stop = new Set([...base.stopWords, ...added]);
  const synonyms = (vocabulary?.synonyms ?? [])
    .map((group) => [...new Set(group.map((entry) => synonymTerms(entry, base, stop)).filter((terms) => terms !== ''))])
    .filter((group) => group.length > 1);
  const questions = Object.fromEntries(
    Object.entries(vocabulary?.questions ?? {}).map(([kind, words]) => [kind, words.map((w) => w.toLowerCase())]),
  ) as BuildAnalysis['questions'];
  return { analyzer: withVocabulary(base, added, synonyms, questions), stopWords, synonyms, questions };
}
