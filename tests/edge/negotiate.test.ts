import { describe, expect, test } from 'vitest';
import { chooseMediaType, prefersMarkdown } from '../../src/site/negotiate.ts';

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

describe('chooseMediaType', () => {
  const offered = ['application/mcp-server-card+json', 'application/json'];
  test('the first offered type without an Accept header, for */* and for a wildcard of its type', () => {
    expect(chooseMediaType(null, offered)).toBe(offered[0]);
    expect(chooseMediaType(' ', offered)).toBe(offered[0]);
    expect(chooseMediaType('*/*', offered)).toBe(offered[0]);
    expect(chooseMediaType('application/*', offered)).toBe(offered[0]);
  });
  test('the higher q wins, from the most specific range that matches each type', () => {
    expect(chooseMediaType('application/json', offered)).toBe('application/json');
    expect(chooseMediaType('application/mcp-server-card+json;q=0.4, application/json;q=0.5', offered)).toBe(
      'application/json',
    );
    // The specific range decides, even when a wildcard would give more.
    expect(chooseMediaType('application/json;q=0, */*', offered)).toBe(offered[0]);
    expect(chooseMediaType('application/mcp-server-card+json;q=0, application/*', offered)).toBe('application/json');
  });
  test('on equal q, the type the client named beats one a wildcard matched; then the order offered', () => {
    expect(chooseMediaType('application/json, text/plain, */*', offered)).toBe('application/json');
    expect(chooseMediaType('application/json, application/mcp-server-card+json', offered)).toBe(offered[0]);
  });
  test('undefined when the client accepts none of them (406)', () => {
    expect(chooseMediaType('text/html', offered)).toBeUndefined();
    expect(chooseMediaType('application/json;q=0, application/mcp-server-card+json;q=0', offered)).toBeUndefined();
  });
});
