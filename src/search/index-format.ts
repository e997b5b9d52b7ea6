/**
 * The search index as the API function loads it: the postings in one little-endian binary file
 * that becomes typed arrays without parsing a value at a time (a 10,000-page site's index loads
 * in milliseconds), and the documents and terms as JSON beside it (search-terms.json, checked
 * against its schema in src/artefacts/schema.ts).
 *
 * Binary layout (every number 4 bytes, little-endian):
 *   magic "NBSX" | format version | term count T | posting count P | document count D |
 *   offsets: (T + 1) x u32 | docs: P x u32 | scores: P x f32
 */
/** The index: documents, the sorted term dictionary, and each term's postings. */
export interface SearchIndex {
  /** Document ids (page paths), by document number. */
  documents: string[];
  /** The document numbers of people's pages (ranked at the `personWeight` option unless a query asks who: options.ts). */
  people: number[];
  /** Every indexed term, sorted by UTF-16 code units. */
  terms: string[];
  /** Term `i`'s postings are positions `offsets[i]` to `offsets[i + 1] - 1` of `docs` and `scores`. */
  offsets: Uint32Array;
  /** Document numbers, ascending within each term. */
  docs: Uint32Array;
  /** The term's score in that document: BM25+ summed over the fields, each times its boost. */
  scores: Float32Array;
}

/** Bumped whenever the binary layout changes. */
export const POSTINGS_FORMAT_VERSION = 1;
const MAGIC = 0x5853424e; // "NBSX" read as a little-endian u32
const HEADER_WORDS = 5;

/** Thrown when the postings bytes are not what the terms file and this format expect. */
export class PostingsFormatError extends Error {
  override name = 'PostingsFormatError';
}

/** Bytes a postings file of `terms` terms and `postings` postings has. */
export function postingsByteLength(terms: number, postings: number): number {
  return 4 * (HEADER_WORDS + terms + 1 + 2 * postings);
}

export function encodePostings(index: SearchIndex): Uint8Array {
  const terms = index.terms.length;
  const postings = index.docs.length;
  const buffer = new ArrayBuffer(postingsByteLength(terms, postings));
  const words = new Uint32Array(buffer);
  words.set([MAGIC, POSTINGS_FORMAT_VERSION, terms, postings, index.documents.length]);
  let at = HEADER_WORDS;
  words.set(index.offsets, at);
  at += terms + 1;
  words.set(index.docs, at);
  at += postings;
  new Float32Array(buffer, at * 4, postings).set(index.scores);
  return new Uint8Array(buffer);
}

export interface Postings {
  offsets: Uint32Array;
  docs: Uint32Array;
  scores: Float32Array;
}

/**
 * Views the postings file's bytes as typed arrays (copying once only if the bytes are not 4-byte
 * aligned). `terms` and `documents` are the counts from the terms file: the two files must come
 * from the same build.
 */
export function decodePostings(bytes: Uint8Array, terms: number, documents: number): Postings {
  if (bytes.byteLength < HEADER_WORDS * 4)
    throw new PostingsFormatError(`it has ${bytes.byteLength} bytes, less than its header`);
  // A copy, not `bytes.slice()`: on a Node Buffer that is a view with the same (unaligned) offset.
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
  const header = new Uint32Array(aligned.buffer, aligned.byteOffset, HEADER_WORDS);
  const [magic, version, termCount, postingCount, documentCount] = header as unknown as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (magic !== MAGIC) throw new PostingsFormatError('it does not start with the postings magic number');
  if (version !== POSTINGS_FORMAT_VERSION)
    throw new PostingsFormatError(`it has postings format ${version}, this code reads ${POSTINGS_FORMAT_VERSION}`);
  if (termCount !== terms || documentCount !== documents) {
    throw new PostingsFormatError(
      `it indexes ${termCount} terms of ${documentCount} documents, the terms file ${terms} of ${documents}`,
    );
  }
  const expected = postingsByteLength(termCount, postingCount);
  if (aligned.byteLength !== expected)
    throw new PostingsFormatError(`it has ${aligned.byteLength} bytes, its header says ${expected}`);
  let at = aligned.byteOffset + HEADER_WORDS * 4;
  const offsets = new Uint32Array(aligned.buffer, at, termCount + 1);
  at += (termCount + 1) * 4;
  const docs = new Uint32Array(aligned.buffer, at, postingCount);
  at += postingCount * 4;
  const scores = new Float32Array(aligned.buffer, at, postingCount);
  if (offsets[termCount] !== postingCount) throw new PostingsFormatError('its offsets do not end at its posting count');
  return { offsets, docs, scores };
}
