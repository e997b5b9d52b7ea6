/**
 * The route table (src/http/routes.ts) drives the router, and the OpenAPI description and /mcp.md
 * describe exactly its routes; canonicalPath reads every way a path may be written as one.
 */
import { describe, expect, test } from 'vitest';
import { openApiDocument } from '../../src/discovery/openapi.ts';
import { mcpDocsMarkdown } from '../../src/discovery/mcp-docs.ts';
import { createApiHandler } from '../../src/http/api.ts';
import { allowOf, API_ROUTES } from '../../src/http/routes.ts';
import { canonicalPath } from '../../src/site/urls.ts';
import { fixtureCompany, fixtureModel, fixtureTools } from '../discovery/fixtures.ts';
import { sampleAgent, send } from '../mcp/fixtures.ts';

const agent = sampleAgent();
const api = createApiHandler(agent);
const ask = (method: string, path: string) => send(api, new Request(`${agent.head.site.baseUrl}${path}`, { method }));

describe('the route table', () => {
  for (const route of API_ROUTES) {
    test(`${route.path}: OPTIONS is the preflight, other methods get 405, both with Allow: ${allowOf(route)}`, async () => {
      const preflight = await ask('OPTIONS', route.path);
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('allow')).toBe(allowOf(route));
      expect(preflight.headers.get('access-control-allow-methods')).toBe(allowOf(route));
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'].filter((m) => !(route.methods as string[]).includes(m))) {
        const answer = await ask(method, route.path);
        expect(answer.status, method).toBe(405);
        expect(answer.headers.get('allow')).toBe(allowOf(route));
        expect(answer.json.error.code).toBe('method_not_allowed');
      }
    });
  }

  test('a path no route has gets a 404 whose hint names every route', async () => {
    const answer = await ask('GET', '/api/nothing-here');
    expect(answer.status).toBe(404);
    for (const route of API_ROUTES) expect(answer.json.error.hint).toContain(`${route.methods[0]} ${route.path}`);
  });

  test('OpenAPI describes exactly the routes, each with its methods and the preflight', () => {
    const paths = (openApiDocument(fixtureCompany) as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(Object.keys(paths).sort()).toEqual(API_ROUTES.map((route) => route.path).sort());
    for (const route of API_ROUTES) {
      const operations = Object.keys(paths[route.path]!);
      for (const method of [...route.methods, 'OPTIONS'])
        expect(operations, route.path).toContain(method.toLowerCase());
    }
  });

  test("/mcp.md's endpoint table lists exactly the routes with their Allow", () => {
    const text = mcpDocsMarkdown(fixtureModel(), fixtureTools);
    const rows = text.split('\n').filter((line) => /^\| `\/api\//.test(line));
    expect(rows.map((row) => /^\| `([^`]+)`/.exec(row)![1])).toEqual(API_ROUTES.map((route) => route.path));
    for (const route of API_ROUTES) expect(text).toContain(`\`${allowOf(route)}\``);
  });
});

describe('canonicalPath', () => {
  test.each([
    ['/', '/'],
    ['/index.html', '/'],
    ['/services', '/services'],
    ['/services/', '/services'],
    ['/services//', '/services'],
    ['/services/x.html', '/services/x'],
    ['/services/x.htm', '/services/x'],
    ['/services/x/index.html', '/services/x'],
    ['/api', '/api'],
    ['/api/', '/api'],
    ['/api/mcp/index.htm', '/api/mcp'],
    ['/llms.txt', '/llms.txt'],
  ])('%s -> %s', (written, canonical) => {
    expect(canonicalPath(written)).toBe(canonical);
  });
});
