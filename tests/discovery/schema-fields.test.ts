import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { schemaFields, typeLabel } from '../../src/discovery/schema-fields.ts';

describe('typeLabel', () => {
  test('names types with their constraints', () => {
    expect(typeLabel({ type: 'string' })).toBe('string');
    expect(typeLabel({ type: 'string', enum: ['short', 'full'] })).toBe('"short" | "full"');
    expect(typeLabel({ type: 'integer', minimum: 1, maximum: 50, default: 10 })).toBe('integer (1-50, default 10)');
    expect(typeLabel({ type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 })).toBe('integer');
    expect(typeLabel({ type: 'string', format: 'email', maxLength: 254 })).toBe(
      'string (email, at most 254 characters)',
    );
    expect(typeLabel({ type: 'array', items: { type: 'string' } })).toBe('array of string');
    expect(typeLabel({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string or null');
  });
});

describe('schemaFields', () => {
  test('flattens nested objects and arrays of objects, keeping required flags and descriptions', () => {
    const schema = z.toJSONSchema(
      z.object({
        query: z.string().min(1).describe('What to look for.'),
        limit: z.number().int().min(1).max(20).default(5).optional(),
        results: z.array(z.object({ url: z.string().describe('Absolute URL.'), score: z.number() })),
        meta: z.object({ took: z.number() }).optional(),
      }),
      { io: 'input' },
    );
    expect(schemaFields(schema)).toEqual([
      { name: 'query', type: 'string (at least 1 characters)', required: true, description: 'What to look for.' },
      { name: 'limit', type: 'integer (1-20, default 5)', required: false, description: '' },
      { name: 'results', type: 'array of object', required: true, description: '' },
      { name: 'results[].url', type: 'string', required: true, description: 'Absolute URL.' },
      { name: 'results[].score', type: 'number', required: true, description: '' },
      { name: 'meta', type: 'object', required: false, description: '' },
      { name: 'meta.took', type: 'number', required: true, description: '' },
    ]);
  });

  test('returns nothing for a schema without properties', () => {
    expect(schemaFields({ type: 'object' })).toEqual([]);
  });
});
