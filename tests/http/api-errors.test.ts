/**
 * The table of ApiErrors (API_ERRORS, src/http/api-error.ts) and what is made from it: every
 * code's status, the OpenAPI ApiError schema's codes, and the 503 answers of the search page
 * and of a contact post without the lead path, which come from it (the latter as the OpenAPI
 * description documents it).
 */
import { describe, expect, test } from 'vitest';
import { API_ERRORS, apiErrorResponse } from '../../src/http/api-error.ts';
import { apiErrorSchema } from '../../src/http/body-schemas.ts';
import { CONTACT_ERRORS } from '../../src/http/contact.ts';
import { openApiDocument } from '../../src/discovery/openapi.ts';
import { createApiHandler } from '../../src/http/api.ts';
import { fixtureCompany } from '../discovery/fixtures.ts';
import { sampleAgent, sampleModel } from '../support/sample-site.ts';
import { createShapeChecker } from '../fuzz/documented-shape.ts';
import { send } from '../mcp/fixtures.ts';

const agent = sampleAgent();
const BASE = agent.head.site.baseUrl;

describe('API_ERRORS', () => {
  test('each code is answered with its status and a JSON body that the schema reads', async () => {
    for (const [code, status] of Object.entries(API_ERRORS)) {
      const response = apiErrorResponse({ code: code as keyof typeof API_ERRORS, message: 'Something.' });
      expect(response.status, code).toBe(status);
      expect(apiErrorSchema.safeParse(await response.json()).success, code).toBe(true);
    }
    expect(apiErrorSchema.safeParse({ error: { code: 'no_such_code', message: 'x' } }).success).toBe(false);
  });

  test("the OpenAPI description's ApiError lists exactly the table's codes", () => {
    const document = openApiDocument(fixtureCompany) as {
      components: { schemas: { ApiError: { properties: { error: { properties: { code: { enum: string[] } } } } } } };
    };
    expect([...document.components.schemas.ApiError.properties.error.properties.code.enum].sort()).toEqual(
      Object.keys(API_ERRORS).sort(),
    );
  });

  test("store_unavailable has the contact endpoint's own status for the same code", () => {
    expect(API_ERRORS.store_unavailable).toBe(CONTACT_ERRORS.store_unavailable);
  });
});

describe('the 503 answers from the table', () => {
  const { leadPath: _none, ...withoutLeadPath } = agent;
  const api = createApiHandler({ ...withoutLeadPath, onError: () => {} });

  test('the search page without its build files: search_unavailable, Retry-After and the contract headers', async () => {
    const answer = await send(api, new Request(`${BASE}/search?q=cloud`));
    expect(answer.status).toBe(503);
    expect(answer.json.error).toMatchObject({ code: 'search_unavailable', docs: `${BASE}/mcp.md` });
    expect(answer.headers.get('retry-after')).toBe('60');
    expect(answer.headers.get('ratelimit-policy')).toBe('120;w=60');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const head = await send(api, new Request(`${BASE}/search?q=cloud`, { method: 'HEAD' }));
    expect([head.status, head.text]).toEqual([503, '']);
  });

  test('a contact post without the lead path: store_unavailable with the contact address, nothing else', async () => {
    const answer = await send(
      api,
      new Request(`${BASE}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Grace', email: 'grace@example.com', message: 'Please call us.', consent: true }),
      }),
    );
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({
      error: {
        code: 'store_unavailable',
        message: `The contact form is not available right now: nothing was sent. Please write to ${agent.head.site.contactEmail}.`,
      },
    });
    expect(answer.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    // The OpenAPI description's 503 of /api/contact describes this answer too: a server error is
    // all that the fuzzing's checker finds in it.
    const problemsOf = createShapeChecker(sampleModel().company);
    expect(problemsOf({ method: 'POST', pathname: '/api/contact', ...answer })).toEqual(['status 503: a server error']);
  });
});
