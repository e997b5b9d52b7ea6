/**
 * What a question asks for, from its question word. Stop words are dropped from a query, and
 * with them "who", "where", "when" and "how many", though they say what answers the question:
 * "wie is de directeur" asks for a person, "hoeveel medewerkers" for a number. The company's
 * facts answer these questions (company.yaml: where it is, since when, how large; the about page
 * says who it is), so the pages that state them carry a term per kind of question they answer
 * ("?who", "?where", "?when", "?count"), and a question word becomes that term instead of being
 * dropped. A page's text never makes such a term: tokens have no punctuation (options.ts).
 *
 * The words of each kind are a language's vocabulary: English's are built in (query-words.ts),
 * another language's come from its translation file (`search.questions`, src/schemas/strings/search.ts).
 */

/** The kinds of question the company's facts answer. */
export const QUESTION_KINDS = ['who', 'where', 'when', 'count'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** A language's question words by the kind they ask for, lower-case as typed. */
export type QuestionWords = Partial<Record<QuestionKind, readonly string[]>>;

/** The index term of a kind of question: "?who". */
export const questionTerm = (kind: QuestionKind) => `?${kind}`;

/** Whether an index or query term is a question's kind rather than a word. */
export const isQuestionTerm = (term: string) => term.startsWith('?');

/** Each question word of `words` with the term of the kind it asks for. */
export function questionTermsOf(words: QuestionWords): Map<string, string> {
  const terms = new Map<string, string>();
  for (const kind of QUESTION_KINDS)
    for (const word of words[kind] ?? []) terms.set(word.toLowerCase(), questionTerm(kind));
  return terms;
}
