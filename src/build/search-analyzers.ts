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
  withVocabulary,
  isEnglish,
  primaryLanguage,
  STEMMERS,
  type Analyzer,
} from '../search/analyzers.ts';

const require = createRequire(import.meta.url);
const analyzers = new Map<string, Analyzer>();

/** The stop words of a language other than English (empty when Snowball has none for it). */
export function stopWordsOf(language: string): string[] {
  const entry = STEMMERS[primaryLanguage(language)];
  if (!entry) return [];
  return (require(`@orama/stopwords/${entry.name}`) as { stopwords: string[] }).stopwords;
}

/** A language's search vocabulary from its translation file (src/schemas/strings/search.ts). */
export interface Vocabulary {
  synonyms: readonly (readonly string[])[];
  stopWords: readonly string[];
}

/** The built-in analyzer of `language`: English's, or Snowball's stemmer and stop words. */
function baseAnalyzer(language: string): Analyzer {
  if (isEnglish(language)) return ENGLISH_ANALYZER;
  let analyzer = analyzers.get(language);
  if (!analyzer) {
    const entry = STEMMERS[primaryLanguage(language)];
    const stemmer = entry
      ? (require(`@orama/stemmers/${entry.name}`) as { stemmer: (word: string) => string }).stemmer
      : undefined;
    analyzer = foldingAnalyzer(language, stemmer, stopWordsOf(language));
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
}

/** The analysis the build indexes `language` with, its vocabulary added. */
export function buildAnalysis(language: string, vocabulary?: Vocabulary): BuildAnalysis {
  const base = baseAnalyzer(language);
  const added = (vocabulary?.stopWords ?? []).map((word) => word.toLowerCase());
  const stopWords = base.folds ? [...new Set([...base.stopWords, ...added])] : added;
  const synonyms = (vocabulary?.synonyms ?? [])
    .map((group) => [...new Set(group.map((word) => base.term(word.toLowerCase())))])
    .filter((group) => group.length > 1);
  return { analyzer: withVocabulary(base, added, synonyms), stopWords, synonyms };
}
