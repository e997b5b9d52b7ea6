/**
 * WebMCP in Debian's Chromium against the served site. With `--enable-features=WebMCPTesting`
 * (document.modelContext): on every kind of page getTools lists the MCP server's read tools with
 * its names, titles, descriptions and input schemas; executeTool of each returns exactly what a
 * tools/call POST to /api/mcp returns; on /contact the form is the declarative
 * start_conversation tool (no spam-trap field), and when an agent fills it and the person sends
 * it, the agent gets the reference of the lead filed. Without the flag: no error, no request for
 * the tools file or the endpoint, and the pages look exactly as they do without JavaScript. With
 * only the earlier draft's `navigator.modelContext`, every page registers the read tools there.
 *
 * The browser's POSTs to /api/* are forwarded from a random loopback address of their own (as in
 * contact-form.test.ts), so repeated runs never spend the rate-limit budget of 127.0.0.1.
 */
import { type Browser, type BrowserContext } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { loopbackContext, useChromium } from './chromium.ts';
import { baseUrl, fetchFrom, randomLoopbackAddress, runId } from './http.ts';
import { listStoredLeads } from '../support/run-leads.ts';
import { HONEYPOT_FIELD } from '../../src/leads/consent.ts';
import { ROUTES } from '../../src/site/routes.ts';

const PAGES = [
  '/',
  '/services/cloud-migration',
  '/insights/golden-paths-not-golden-cages',
  '/case-studies/kestrel-bank-core-ledger',
  '/contact',
  '/no-such-page',
];

/** Arguments for each read tool (every read tool must have an entry: the test fails otherwise). */
const ARGUMENTS: Record<string, Record<string, unknown>> = {
  get_company_profile: {},
  get_page_markdown: { path: '/services/cloud-migration' },
  list_case_studies: { limit: 2 },
  list_insights: { limit: 2 },
  search_site: { query: 'kubernetes migration' },
};

const REFERENCE = /NB-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/;
const run = runId();

const withWebMcp = useChromium(['--enable-features=WebMCPTesting']);
const withoutWebMcp = useChromium();

/** A context whose requests to /api/* leave from a loopback address of their own. */
function newContext(browser: Browser, javaScriptEnabled = true): Promise<BrowserContext> {
  return loopbackContext(browser, '**/api/**', { javaScriptEnabled });
}

interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: { readOnlyHint: boolean };
}

async function mcp(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetchFrom(randomLoopbackAddress())(`${baseUrl()}${ROUTES.mcp}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  expect(response.status, method).toBe(200);
  const answer = (await response.json()) as { result: Record<string, unknown> };
  return answer.result;
}

async function readTools(): Promise<McpTool[]> {
  const { tools } = (await mcp('tools/list', {})) as { tools: McpTool[] };
  return tools.filter((tool) => tool.annotations.readOnlyHint);
}

/** The tools document.modelContext lists, once the page's script has registered the read tools. */
async function toolsOf(page: import('playwright-core').Page, count: number) {
  // Polled here rather than with page.waitForFunction, which does not wait for an async
  // predicate's promise (a pending promise is truthy) and so returned before registration.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const tools = await page.evaluate(async () =>
      (await (document as unknown as TestingDocument).modelContext.getTools())
        .filter((tool) => tool.window === window)
        .map(({ name, title, description, inputSchema, annotations }) => ({
          name,
          title,
          description,
          inputSchema,
          annotations,
        })),
    );
    if (tools.length >= count) return tools;
    if (Date.now() > deadline)
      throw new Error(`${page.url()}: ${tools.length} WebMCP tools after 10 s, expected ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the tests use of Chromium's document.modelContext (WebMCPTesting). */
interface TestingDocument {
  modelContext: {
    getTools: () => Promise<
      {
        name: string;
        title: string;
        description: string;
        inputSchema: Record<string, unknown>;
        annotations?: Record<string, boolean>;
        /** The window that registered the tool: getTools lists those of other documents too. */
        window: Window;
      }[]
    >;
    executeTool: (tool: object, input: object) => Promise<string>;
  };
}

describe('WebMCP in Chromium with WebMCPTesting', () => {
  test('every page lists the read tools exactly as the MCP server describes them', async () => {
    const expected = await readTools();
    expect(expected.map((tool) => tool.name).sort()).toEqual(Object.keys(ARGUMENTS).sort());
    const context = await newContext(withWebMcp());
    const errors: string[] = [];
    for (const pagePath of PAGES) {
      // A page of its own for each path: getTools also lists the tools of a document kept in the
      // back/forward cache, whose WindowProxy is the same `window`.
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${baseUrl()}${pagePath}`);
      const declarative = pagePath === ROUTES.contact ? 1 : 0;
      const listed = await toolsOf(page, expected.length + declarative);
      const imperative = listed.filter((tool) => tool.name !== 'start_conversation');
      expect(
        imperative.map(({ name, title, description, inputSchema, annotations }) => ({
          name,
          title,
          description,
          inputSchema,
          readOnly: annotations?.readOnlyHint,
        })),
        pagePath,
      ).toEqual(
        expected.map(({ name, title, description, inputSchema }) => ({
          name,
          title,
          description,
          inputSchema,
          readOnly: true,
        })),
      );
      expect(listed.length, `${pagePath}: start_conversation only on the contact page`).toBe(
        expected.length + declarative,
      );
      await page.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  test('executeTool of each read tool returns what tools/call on the MCP endpoint returns', async () => {
    const context = await newContext(withWebMcp());
    for (const pagePath of ['/services/cloud-migration', '/no-such-page']) {
      const page = await context.newPage();
      await page.goto(`${baseUrl()}${pagePath}`);
      await toolsOf(page, Object.keys(ARGUMENTS).length);
      for (const [name, args] of Object.entries(ARGUMENTS)) {
        const inBrowser = await page.evaluate(
          async ({ name, args }) => {
            const tool = (await (document as unknown as TestingDocument).modelContext.getTools())
              .filter((tool) => tool.window === window)
              .find((candidate) => candidate.name === name)!;
            return (document as unknown as TestingDocument).modelContext.executeTool(tool, args);
          },
          { name, args },
        );
        const fromEndpoint = await mcp('tools/call', { name, arguments: args });
        expect(fromEndpoint.isError, name).toBeFalsy();
        expect(JSON.parse(inBrowser), `${name} on ${pagePath}`).toEqual(fromEndpoint);
      }
      await page.close();
    }
    await context.close();
  });

  test('the contact form is the declarative start_conversation tool, without the spam trap', async () => {
    const context = await newContext(withWebMcp());
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${ROUTES.contact}`);
    const tools = await toolsOf(page, Object.keys(ARGUMENTS).length + 1);
    const form = tools.find((tool) => tool.name === 'start_conversation')!;
    const { tools: mcpTools } = (await mcp('tools/list', {})) as { tools: McpTool[] };
    const mcpInput = mcpTools.find((tool) => tool.name === 'start_conversation')!.inputSchema as {
      properties: Record<string, { description: string }>;
    };
    const schema = form.inputSchema as {
      properties: Record<string, { type: string; description?: string }>;
      required: string[];
    };
    expect(Object.keys(schema.properties).sort()).toEqual(['company', 'consent', 'email', 'message', 'name']);
    expect(schema.properties[HONEYPOT_FIELD]).toBeUndefined();
    expect(schema.required.sort()).toEqual(['consent', 'email', 'message', 'name']);
    expect(schema.properties.consent?.type).toBe('boolean');
    for (const field of ['name', 'email', 'company', 'message'])
      expect(schema.properties[field]?.description, field).toBe(mcpInput.properties[field]?.description);
    expect(form.description).toMatch(/Northbeam Engineering/);
    await context.close();
  });

  test('an agent fills the form, the person sends it, and the agent gets the reference', async () => {
    const context = await newContext(withWebMcp());
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${ROUTES.contact}`);
    await toolsOf(page, Object.keys(ARGUMENTS).length + 1);
    const email = `webmcp-${run}@example.com`;
    const input = {
      name: 'WebMCP Test',
      email,
      company: 'Integration tests',
      message: `Test lead from tests/integration/webmcp.test.ts (run ${run}); please ignore.`,
      consent: true,
    };
    const answer = page.evaluate(async (input) => {
      const tool = (await (document as unknown as TestingDocument).modelContext.getTools())
        .filter((tool) => tool.window === window)
        .find((candidate) => candidate.name === 'start_conversation')!;
      return (document as unknown as TestingDocument).modelContext.executeTool(tool, input);
    }, input);
    // The browser fills the form and focuses its submit button; nothing is sent until the person clicks.
    await page.waitForSelector('form:tool-form-active button:tool-submit-active', { timeout: 10_000 });
    expect(await page.inputValue('#contact-email')).toBe(email);
    expect(await page.isChecked('#contact-consent')).toBe(true);
    expect(await page.locator('#contact-website').isDisabled()).toBe(true);
    await page.click('#contact-form button[type="submit"]');
    const result = JSON.parse(await answer) as { reference: string; duplicate: boolean };
    expect(result.reference).toMatch(REFERENCE);
    expect(result.duplicate).toBe(false);
    expect(await page.locator('[data-reference]').textContent()).toBe(result.reference);
    const lead = (await listStoredLeads()).find((stored) => stored.reference === result.reference);
    expect(lead?.email).toBe(email);
    expect(lead?.source).toBe('form');
    await context.close();
  });

  test('an agent that fills the form wrongly is told which fields to correct', async () => {
    const context = await newContext(withWebMcp());
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${ROUTES.contact}`);
    await toolsOf(page, Object.keys(ARGUMENTS).length + 1);
    const answer = page.evaluate(async () => {
      const tool = (await (document as unknown as TestingDocument).modelContext.getTools())
        .filter((tool) => tool.window === window)
        .find((candidate) => candidate.name === 'start_conversation')!;
      return (document as unknown as TestingDocument).modelContext.executeTool(tool, {
        name: 'A',
        email: 'not an address',
        message: 'short',
        consent: true,
      });
    });
    await page.waitForSelector('button:tool-submit-active', { timeout: 10_000 });
    await page.click('#contact-form button[type="submit"]');
    const result = JSON.parse(await answer) as { error: { code: string; fields: Record<string, string> } };
    expect(result.error.code).toBe('invalid_fields');
    expect(Object.keys(result.error.fields).sort()).toEqual(['email', 'message']);
    await context.close();
  });
});

describe('the WebMCP script', () => {
  test('is one small external same-origin module on every page; no page has an inline script', async () => {
    const sources = new Set<string>();
    for (const pagePath of PAGES) {
      const html = await (await fetch(`${baseUrl()}${pagePath}`)).text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => ({
        attributes: attributes!,
        body: body!,
      }));
      // Data blocks (JSON) are not run, so a Content-Security-Policy does not apply to them.
      const executable = scripts.filter(({ attributes }) => !/type="application\/(ld\+)?json"/.test(attributes));
      for (const { attributes, body } of executable) {
        expect(body.trim(), `${pagePath}: inline script`).toBe('');
        expect(attributes, pagePath).toMatch(/type="module" src="\/_astro\/[^"]+\.js"/);
        sources.add(/src="([^"]+)"/.exec(attributes)![1]!);
      }
    }
    const bodies = await Promise.all([...sources].map(async (src) => (await fetch(`${baseUrl()}${src}`)).text()));
    const webmcp = bodies.filter((body) => body.includes('modelContext'));
    expect(webmcp).toHaveLength(1);
    expect(Buffer.byteLength(webmcp[0]!), 'bytes of the WebMCP script').toBeLessThan(2048);
  });
});

/**
 * The earlier WebMCP draft, as browsers and agent runtimes built on it expose it: the same
 * registerTool, on `navigator.modelContext`, and no `document.modelContext`. Chromium without
 * WebMCPTesting, with such a navigator.modelContext put in place before the page's scripts run.
 */
describe('WebMCP on the earlier draft (navigator.modelContext only)', () => {
  test('every page registers the read tools there, and each runs as tools/call does', async () => {
    const expected = await readTools();
    const context = await newContext(withoutWebMcp());
    await context.addInitScript(() => {
      const registered: {
        name: string;
        description: string;
        inputSchema: object;
        execute: (input: object) => Promise<unknown>;
      }[] = [];
      Object.defineProperty(window, '__registered', { value: registered });
      Object.defineProperty(Navigator.prototype, 'modelContext', {
        configurable: true,
        get: () => ({
          registerTool: (tool: (typeof registered)[number]) => {
            registered.push(tool);
            return { unregister: () => undefined };
          },
        }),
      });
    });
    const errors: string[] = [];
    for (const pagePath of PAGES) {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${baseUrl()}${pagePath}`);
      expect(await page.evaluate(() => 'modelContext' in document), pagePath).toBe(false);
      await page.waitForFunction(
        (count) => (window as unknown as { __registered: unknown[] }).__registered.length >= count,
        expected.length,
      );
      const registered = await page.evaluate(() =>
        (
          window as unknown as { __registered: { name: string; description: string; inputSchema: object }[] }
        ).__registered.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
      );
      expect(registered, pagePath).toEqual(
        expected.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
      );
      if (pagePath === '/services/cloud-migration') {
        const args = ARGUMENTS.search_site!;
        const inBrowser = await page.evaluate(
          (args) =>
            (
              window as unknown as { __registered: { name: string; execute: (input: object) => Promise<unknown> }[] }
            ).__registered
              .find((tool) => tool.name === 'search_site')!
              .execute(args),
          args,
        );
        expect(inBrowser).toEqual(await mcp('tools/call', { name: 'search_site', arguments: args }));
      }
      await page.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the pages in Chromium without WebMCP', () => {
  test('no error, no request for the tools or the endpoint, and no visible change', async () => {
    const withScript = await newContext(withoutWebMcp());
    const withoutScript = await newContext(withoutWebMcp(), false);
    const page = await withScript.newPage();
    const plain = await withoutScript.newPage();
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    let expect404 = false;
    page.on('console', (message) => {
      // The 404 page's own status is reported as a failed resource; anything else is a problem.
      if (expect404 && message.location().url === page.url() && message.text().includes('status of 404')) return;
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    for (const pagePath of PAGES) {
      expect404 = pagePath === '/no-such-page';
      await page.goto(`${baseUrl()}${pagePath}`, { waitUntil: 'networkidle' });
      await plain.goto(`${baseUrl()}${pagePath}`, { waitUntil: 'networkidle' });
      expect(await page.evaluate(() => 'modelContext' in document || 'modelContext' in navigator)).toBe(false);
      const [scripted, unscripted] = await Promise.all([
        page.screenshot({ fullPage: true }),
        plain.screenshot({ fullPage: true }),
      ]);
      expect(scripted.equals(unscripted), `${pagePath} looks different with the script`).toBe(true);
    }
    expect(problems).toEqual([]);
    expect(requests.filter((path) => path === ROUTES.webmcpTools || path.startsWith(ROUTES.apiPrefix))).toEqual([]);
    await withScript.close();
    await withoutScript.close();
  });
});
