/** The pages' WebMCP script (src/browser/site-tools.ts): a read tool's call gets the page's language unless it names one. */
import { describe, expect, test } from 'vitest';
import { withPageLanguage } from '../../src/browser/site-tools.ts';

const tool = (inputSchema: Record<string, unknown>) => ({ inputSchema });
const withLanguage = tool({
  type: 'object',
  properties: { query: { type: 'string' }, language: { type: 'string', enum: ['en', 'nl', 'pt'] } },
});

describe('withPageLanguage', () => {
  test("adds the page's language when the tool takes it and the caller named none", () => {
    expect(withPageLanguage(withLanguage, { query: 'cloud' }, 'nl')).toEqual({ query: 'cloud', language: 'nl' });
  });

  test("keeps the caller's language, even one that differs from the page's", () => {
    expect(withPageLanguage(withLanguage, { language: 'pt' }, 'nl')).toEqual({ language: 'pt' });
  });

  test('adds nothing for a language the tool does not list, an empty lang, or a tool without the argument', () => {
    const input = { query: 'cloud' };
    expect(withPageLanguage(withLanguage, input, 'de')).toBe(input);
    expect(withPageLanguage(withLanguage, input, '')).toBe(input);
    expect(withPageLanguage(tool({ type: 'object', properties: { query: { type: 'string' } } }), input, 'nl')).toBe(
      input,
    );
    expect(withPageLanguage(tool({ type: 'object' }), input, 'nl')).toBe(input);
    expect(withPageLanguage(tool({ type: 'object', properties: { language: { type: 'string' } } }), input, 'nl')).toBe(
      input,
    );
  });
});
