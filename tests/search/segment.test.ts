/**
 * Words of the scripts written without spaces (src/search/segment.ts): split the same way in the
 * index, the query and the snippet, with katakana loanwords kept whole.
 */
import { describe, expect, test } from 'vitest';
import { buildAnalysis } from '../../src/build/search-analyzers.ts';
import { detectLanguage } from '../../src/search/detect.ts';
import { queryTerms, tokenize } from '../../src/search/options.ts';
import { segmentWords, writtenWithoutSpaces } from '../../src/search/segment.ts';
import { unstemmedSearchNote } from '../../src/search/snowball.ts';
import { rankerOf, searchDocument } from '../support/search-documents.ts';

const words = (text: string) => tokenize(text).filter((token) => token.length > 0);

describe('word segmentation', () => {
  test('a Japanese clause is split into its words, not kept as one token', () => {
    expect(words('物流会社の基幹システムをクラウドへ移行しました')).toEqual(
      expect.arrayContaining(['物流', '会社', '基幹', 'システム', 'クラウド', '移行']),
    );
    // Before segmentation the clause was one token: 「移行」 could not find it.
    expect(words('クラウド移行を支援します')).toContain('移行');
  });

  test('katakana pieces ICU cuts apart are joined again', () => {
    expect(segmentWords('クラウド').map((part) => part.word)).toEqual(['クラウド']);
    expect(words('クラウドネイティブな設計')).toContain('クラウドネイティブ');
    // ...with where each word starts, for the snippets.
    const parts = segmentWords('大阪のオフィス');
    expect(parts.map(({ word, at }) => '大阪のオフィス'.slice(at, at + word.length))).toEqual(
      parts.map((part) => part.word),
    );
  });

  test('Chinese and Thai are split too; Latin text is split only at spaces and punctuation, as before', () => {
    expect(words('我们提供云迁移服务')).toEqual(expect.arrayContaining(['我们', '提供', '迁移', '服务']));
    expect(words('บริการย้ายระบบ').length).toBeGreaterThan(1);
    expect(words('Cloud-migratie, voor banken.')).toEqual(['Cloud', 'migratie', 'voor', 'banken']);
  });

  test('full-width letters and digits count as the usual ones', () => {
    expect(words('ＡＷＳへの移行')).toEqual(expect.arrayContaining(['AWS', '移行']));
  });

  test("a Japanese query drops its particles and keeps the words that say what it's about", () => {
    const { analyzer } = buildAnalysis('ja');
    const terms = queryTerms('大阪にもオフィスはありますか', analyzer);
    expect(terms).toEqual(expect.arrayContaining(['大阪', 'オフィス']));
    expect(terms).not.toContain('は');
    expect(terms).not.toContain('に');
  });

  test('the build says what search does for a language it cannot stem, and nothing when every language is stemmed', () => {
    expect(writtenWithoutSpaces('zh-hant')).toBe(true);
    expect(writtenWithoutSpaces('nl')).toBe(false);
    expect(unstemmedSearchNote(['en', 'nl', 'pt'])).toBeUndefined();
    const note = unstemmedSearchNote(['ja', 'en', 'sw'])!;
    expect(note).toContain('ja, words split by Intl.Segmenter, stop words, no stemmer');
    expect(note).toContain('sw, no stop words, no stemmer');
    expect(note).not.toMatch(/\ben,/);
  });

  test('a Japanese word the segmenter keeps whole finds the pages that have its parts, and a clause finds its words', async () => {
    const { analyzer } = buildAnalysis('ja');
    const rank = await rankerOf(
      [
        searchDocument('/about', { text: '当社は2008年に東京で設立しました。' }),
        searchDocument('/services/cloud', { text: 'クラウド移行を支援します。' }),
      ],
      analyzer,
    );
    const first = (query: string) => rank(query, 3).hits[0]?.id;
    expect(first('移行')).toBe('/services/cloud');
    expect(first('クラウド')).toBe('/services/cloud');
    // 「何年」 is one word to the segmenter, and no page has it: its part 「年」 is found (「何」 is a stop word).
    expect(words('何年')).toEqual(['何年']);
    expect(first('何年')).toBe('/about');
  });

  test("a question's script tells its language when no index knows its words, and never outweighs a word one does", () => {
    const candidate = (language: string, terms: string[]) => ({
      language,
      analyzer: buildAnalysis(language).analyzer,
      terms: terms.sort(),
    });
    const english = candidate('en', ['kubernet']);
    const chinese = candidate('zh', ['迁移']);
    const japanese = candidate('ja', ['移行']);
    // No index has 「こんにちは」: kana is Japanese's.
    expect(detectLanguage('こんにちは', [english, chinese, japanese])).toBe('ja');
    // Han is both languages': the index that has the word decides.
    expect(detectLanguage('迁移', [english, japanese, chinese])).toBe('zh');
    expect(detectLanguage('kubernetes', [english, japanese])).toBe('en');
  });
});
