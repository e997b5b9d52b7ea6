import { describe, expect, test } from 'vitest';
import { prefersMarkdown } from '../../src/http/negotiate.ts';

describe('prefersMarkdown', () => {
  test('returns false without an Accept header', () => {
    expect(prefersMarkdown(null)).toBe(false);
    expect(prefersMarkdown('')).toBe(false);
  });
  test('returns true for text/markdown alone', () => {
    expect(prefersMarkdown('text/markdown')).toBe(true);
    expect(prefersMarkdown('text/markdown; charset=utf-8')).toBe(true);
  });
  test('returns false for a browser Accept header', () => {
    expect(
      prefersMarkdown('text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8'),
    ).toBe(false);
  });
  test('returns false for */* (curl default)', () => {
    expect(prefersMarkdown('*/*')).toBe(false);
  });
  test('respects q-values', () => {
    expect(prefersMarkdown('text/markdown, text/html;q=0.9')).toBe(true);
    expect(prefersMarkdown('text/html, text/markdown;q=0.5')).toBe(false);
    expect(prefersMarkdown('text/markdown;q=0, text/html')).toBe(false);
    expect(prefersMarkdown('text/markdown;q=0.9, */*;q=0.1')).toBe(true);
  });
  test('breaks a tie by the order of listing', () => {
    expect(prefersMarkdown('text/markdown, text/html')).toBe(true);
    expect(prefersMarkdown('text/html, text/markdown')).toBe(false);
  });
  test('accepts the legacy text/x-markdown type', () => {
    expect(prefersMarkdown('text/x-markdown')).toBe(true);
  });
});
