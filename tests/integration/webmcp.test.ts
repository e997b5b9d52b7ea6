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
 * Chromium builds differ in how their WebMCP takes and gives values (150 wants executeTool's input
 * as a JSON string, 156 as an object): webmcp-browser.ts finds out what the browser in front of
 * the tests does, by trying it, and the tests use that and say in their output what it lacks.
 *
 * The browser's POSTs to /api/* are forwarded from a random loopback address of their own (as in
 * contact-form.test.ts), so repeated runs never spend the rate-limit budget of 127.0.0.1.
 */
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { describe, expect, test, type TestContext } from 'vitest';
import { loopbackContext, useChromium } from './chromium.ts';
import { baseUrl, fetchFrom, randomLoopbackAddress, runId } from './http.ts';
import {
  inputFor,
  note,
  resultOf,
  schemaOf,
  webMcpOf,
  type TestingModelContext,
  type WebMcpFacts,
} from './webmcp-browser.ts';
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
async function toolsOf(page: Page, count: number) {
  // Polled here rather than with page.waitForFunction, which does not wait for an async
  // predicate's promise (a pending promise is truthy) and so returned before registration.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const tools = await page.evaluate(async () =>
      (await (document as unknown as { modelContext: TestingModelContext }).modelContext.getTools())
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
      throw new Error(
        `${page.url()}: ${tools.length} WebMCP tools after 10 s (${tools.map((tool) => tool.name).join(', ')}), expected ${count}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs the tool `name` of the page's document.modelContext with `input` (already in the browser's form). */
function executeTool(page: Page, name: string, input: object | string): Promise<unknown> {
  return page.evaluate(
    async ({ name, input }) => {
      const modelContext = (document as unknown as { modelContext: TestingModelContext }).modelContext;
      const tool = (await modelContext.getTools())
        .filter((tool) => tool.window === window)
        .find((candidate) => candidate.name === name);
      if (!tool) throw new Error(`no WebMCP tool ${name} on ${location.pathname}`);
      return modelContext.executeTool(tool, input);
    },
    { name, input },
  );
}

interface ContactInput {
  name: string;
  email: string;
  company?: string;
  message: string;
  consent: boolean;
}

const SEND = '#contact-form button[type="submit"]';

/** The person fills the contact form in and sends it (where no agent can). */
async function fillAndSendByHand(page: Page, input: ContactInput): Promise<void> {
  await page.fill('#contact-name', input.name);
  await page.fill('#contact-email', input.email);
  await page.fill('#contact-company', input.company ?? '');
  await page.fill('#contact-message', input.message);
  if (input.consent) await page.check('#contact-consent');
  await page.click(SEND);
}

/**
 * An agent calls the contact form's declarative tool start_conversation with `input`, the browser
 * fills the form in (checked field by field) and focuses its submit button, and the person sends
 * it. Returns what executeTool gave the agent, or undefined where this browser cannot answer the
 * agent (no declarative forms, no SubmitEvent.respondWith), which the test's output then says.
 */
async function agentFillsPersonSends(
  page: Page,
  facts: WebMcpFacts,
  input: ContactInput,
  context: TestContext,
): Promise<unknown> {
  if (!facts.declarative) {
    await note(
      context,
      'this Chromium has no declarative form tools (SubmitEvent.agentInvoked): no agent can fill the form, so the person fills it in and sends it',
    );
    await fillAndSendByHand(page, input);
    return undefined;
  }
  let settled: 'pending' | 'resolved' | Error = 'pending';
  const answer = executeTool(page, 'start_conversation', inputFor(facts, input));
  // A refusal ends the wait below at once, with the browser's own message.
  const refused = answer.then(
    () => new Promise<never>(() => (settled = 'resolved')),
    (error: unknown) => {
      settled = error instanceof Error ? error : new Error(String(error));
      throw new Error(`executeTool refused the form tool's call: ${settled.message}`);
    },
  );
  refused.catch(() => undefined);
  let filled: Promise<unknown>;
  if (facts.activePseudoClasses) {
    filled = page.waitForSelector('form:tool-form-active button:tool-submit-active', { timeout: 10_000 });
  } else {
    await note(
      context,
      'this Chromium has no :tool-form-active / :tool-submit-active: waiting for the filled fields instead of the active form',
    );
    filled = page.waitForFunction(
      (email) => (document.querySelector('#contact-email') as HTMLInputElement).value === email,
      input.email,
      { timeout: 10_000 },
    );
  }
  await Promise.race([
    filled.catch((error: unknown) => {
      throw new Error(`start_conversation did not fill the contact form in: ${String(error)}`, { cause: error });
    }),
    refused,
  ]);
  // The browser filled the form in as the agent asked, and nothing was sent: the person sends it.
  expect(await page.inputValue('#contact-name')).toBe(input.name);
  expect(await page.inputValue('#contact-email')).toBe(input.email);
  expect(await page.inputValue('#contact-company')).toBe(input.company ?? '');
  expect(await page.inputValue('#contact-message')).toBe(input.message);
  expect(await page.isChecked('#contact-consent')).toBe(input.consent);
  expect(await page.locator(`#contact-${HONEYPOT_FIELD}`).isDisabled(), 'the spam trap').toBe(true);
  expect(settled, 'executeTool settled before the person sent the form').toBe('pending');
  await page.click(SEND);
  const resolved = await answer;
  if (!facts.respondWith) {
    await note(
      context,
      `this Chromium has no SubmitEvent.respondWith: the page cannot answer the agent (executeTool resolved to ${JSON.stringify(resolved)})`,
    );
    return undefined;
  }
  return resultOf(facts, resolved);
}

describe('WebMCP in Chromium with WebMCPTesting', () => {
  test('every page lists the read tools exactly as the MCP server describes them', async (context) => {
    const expected = await readTools();
    expect(expected.map((tool) => tool.name).sort()).toEqual(Object.keys(ARGUMENTS).sort());
    const facts = await webMcpOf(withWebMcp());
    if (facts.schema !== 'object')
      await note(context, `this Chromium's getTools gives each inputSchema as a ${facts.schema}: compared parsed`);
    if (!facts.declarative)
      await note(
        context,
        'this Chromium has no declarative form tools (SubmitEvent.agentInvoked): /contact is expected to list the read tools only',
      );
    const browserContext = await newContext(withWebMcp());
    const errors: string[] = [];
    for (const pagePath of PAGES) {
      // A page of its own for each path: getTools also lists the tools of a document kept in the
      // back/forward cache, whose WindowProxy is the same `window`.
      const page = await browserContext.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${baseUrl()}${pagePath}`);
      const declarative = pagePath === ROUTES.contact && facts.declarative ? 1 : 0;
      const listed = await toolsOf(page, expected.length + declarative);
      const imperative = listed.filter((tool) => tool.name !== 'start_conversation');
      expect(
        imperative.map(({ name, title, description, inputSchema, annotations }) => ({
          name,
          title,
          description,
          inputSchema: schemaOf(facts, inputSchema),
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
      expect(
        listed.map((tool) => tool.name).filter((name) => name === 'start_conversation'),
        `${pagePath}: the contact form is start_conversation, on the contact page only`,
      ).toEqual(declarative ? ['start_conversation'] : []);
      await page.close();
    }
    expect(errors).toEqual([]);
    await browserContext.close();
  });

  test('executeTool of each read tool returns what tools/call on the MCP endpoint returns', async (context) => {
    const facts = await webMcpOf(withWebMcp());
    if (facts.input !== 'object')
      await note(
        context,
        `this Chromium's executeTool takes the input as a ${facts.input} (an object: "${facts.otherInputRefused}"): sent as one`,
      );
    const browserContext = await newContext(withWebMcp());
    for (const pagePath of ['/services/cloud-migration', '/no-such-page']) {
      const page = await browserContext.newPage();
      await page.goto(`${baseUrl()}${pagePath}`);
      await toolsOf(page, Object.keys(ARGUMENTS).length);
      for (const [name, args] of Object.entries(ARGUMENTS)) {
        const inBrowser = resultOf(facts, await executeTool(page, name, inputFor(facts, args)));
        const fromEndpoint = await mcp('tools/call', { name, arguments: args });
        expect(fromEndpoint.isError, name).toBeFalsy();
        expect(inBrowser, `${name} on ${pagePath}`).toEqual(fromEndpoint);
      }
      await page.close();
    }
    await browserContext.close();
  });

  test('the contact form is the declarative start_conversation tool, without the spam trap', async (context) => {
    const facts = await webMcpOf(withWebMcp());
    const browserContext = await newContext(withWebMcp());
    const page = await browserContext.newPage();
    await page.goto(`${baseUrl()}${ROUTES.contact}`);
    const tools = await toolsOf(page, Object.keys(ARGUMENTS).length + (facts.declarative ? 1 : 0));
    const { tools: mcpTools } = (await mcp('tools/list', {})) as { tools: McpTool[] };
    const mcpInput = mcpTools.find((tool) => tool.name === 'start_conversation')!.inputSchema as {
      properties: Record<string, { description: string }>;
    };
    // What a browser builds the tool from: the form's attributes, and those of its fields that are not disabled.
    const declared = await page.evaluate(() => {
      const form = document.querySelector('#contact-form')!;
      const fields = [...form.querySelectorAll<HTMLInputElement>('[toolparamdescription]')].filter(
        (field) => !field.disabled,
      );
      return {
        name: form.getAttribute('toolname'),
        description: form.getAttribute('tooldescription'),
        fields: Object.fromEntries(fields.map((field) => [field.name, field.getAttribute('toolparamdescription')])),
      };
    });
    expect(declared.name).toBe('start_conversation');
    expect(declared.description).toMatch(/Northbeam Engineering/);
    expect(Object.keys(declared.fields).sort()).toEqual(['company', 'consent', 'email', 'message', 'name']);
    for (const field of ['name', 'email', 'company', 'message'])
      expect(declared.fields[field], field).toBe(mcpInput.properties[field]?.description);
    expect(await page.locator(`#contact-${HONEYPOT_FIELD}`).isDisabled(), 'the spam trap').toBe(true);
    if (!facts.declarative) {
      await note(
        context,
        "this Chromium has no declarative form tools (SubmitEvent.agentInvoked): checked the form's declaration, not a listed tool",
      );
    } else {
      const form = tools.find((tool) => tool.name === 'start_conversation');
      expect(form, 'the contact form listed as start_conversation').toBeDefined();
      const schema = schemaOf(facts, form!.inputSchema) as {
        properties: Record<string, { type: string; description?: string }>;
        required: string[];
      };
      expect(Object.keys(schema.properties).sort()).toEqual(['company', 'consent', 'email', 'message', 'name']);
      expect(schema.properties[HONEYPOT_FIELD]).toBeUndefined();
      expect(schema.required.sort()).toEqual(['consent', 'email', 'message', 'name']);
      expect(schema.properties.consent?.type).toBe('boolean');
      for (const field of ['name', 'email', 'company', 'message'])
        expect(schema.properties[field]?.description, field).toBe(mcpInput.properties[field]?.description);
      expect(form!.description).toBe(declared.description);
    }
    await browserContext.close();
  });

  test('an agent fills the form, the person sends it, and the agent gets the reference', async (context) => {
    const facts = await webMcpOf(withWebMcp());
    const browserContext = await newContext(withWebMcp());
    const page = await browserContext.newPage();
    await page.goto(`${baseUrl()}${ROUTES.contact}`);
    await toolsOf(page, Object.keys(ARGUMENTS).length + (facts.declarative ? 1 : 0));
    const email = `webmcp-${run}@example.com`;
    const result = (await agentFillsPersonSends(
      page,
      facts,
      {
        name: 'WebMCP Test',
        email,
        company: 'Integration tests',
        message: `Test lead from tests/integration/webmcp.test.ts (run ${run}); please ignore.`,
        consent: true,
      },
      context,
    )) as { reference: string; duplicate: boolean } | undefined;
    const shown = await page.locator('[data-reference]').textContent();
    expect(shown).toMatch(REFERENCE);
    if (result !== undefined) {
      expect(result.reference).toBe(shown);
      expect(result.duplicate).toBe(false);
    }
    const lead = (await listStoredLeads()).find((stored) => stored.reference === shown);
    expect(lead?.email).toBe(email);
    expect(lead?.source).toBe('form');
    await browserContext.close();
  });

  test('an agent that fills the form wrongly is told which fields to correct', async (context) => {
    const facts = await webMcpOf(withWebMcp());
    const browserContext = await newContext(withWebMcp());
    const page = await browserContext.newPage();
    await page.goto(`${baseUrl()}${ROUTES.contact}`);
    await toolsOf(page, Object.keys(ARGUMENTS).length + (facts.declarative ? 1 : 0));
    const result = (await agentFillsPersonSends(
      page,
      facts,
      { name: 'A', email: 'not an address', message: 'short', consent: true },
      context,
    )) as { error: { code: string; fields: Record<string, string> } } | undefined;
    // The person sees the same: those two fields marked, and nothing sent.
    const invalid = await page
      .locator('#contact-form [aria-invalid="true"]')
      .evaluateAll((fields) => fields.map((field) => field.getAttribute('name')));
    expect(invalid.sort()).toEqual(['email', 'message']);
    expect(await page.locator('[data-reference]').count()).toBe(0);
    if (result !== undefined) {
      expect(result.error.code).toBe('invalid_fields');
      expect(Object.keys(result.error.fields).sort()).toEqual(['email', 'message']);
    }
    await browserContext.close();
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

/** In the page: loads every image now (a lazy one too) and resolves once each is decoded. */
async function allImagesShown(): Promise<void> {
  const images = [...document.images];
  for (const image of images) image.loading = 'eager';
  await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
}

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
      // Side by side: each waits for its network to be idle, which is mostly waiting.
      await Promise.all(
        [page, plain].map((each) => each.goto(`${baseUrl()}${pagePath}`, { waitUntil: 'networkidle' })),
      );
      expect(await page.evaluate(() => 'modelContext' in document || 'modelContext' in navigator)).toBe(false);
      // Every picture loaded and decoded in both, so a lazy one caught half way does not tell them apart.
      for (const each of [page, plain]) await each.evaluate(allImagesShown);
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
