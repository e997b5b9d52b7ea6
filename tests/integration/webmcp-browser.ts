/**
 * What the Chromium in front of the WebMCP tests offers, found by trying it, never from its version
 * number. Builds differ: with `--enable-features=WebMCPTesting`, Debian's Chromium 156.0.8078.108
 * takes executeTool's input as an object and gives getTools' `inputSchema` as an object, while
 * 150.0.7871.100 takes the input as a JSON string (an object: "Failed to parse input arguments")
 * and gives `inputSchema` as a JSON string (docs/testing.md, "Which Chromium").
 *
 * `webMcpOf(browser)` registers an echo tool on a blank page of the site's origin (none of the
 * site's code runs there), runs it with the input as an object and as a JSON string, reads back its
 * schema, and unregisters it; it also looks for what declarative tools (forms) give a page. The
 * tests then use the forms it found, and say in their output what it found (`note`).
 */
import type { Browser, Page } from 'playwright-core';
import type { TestContext } from 'vitest';
import { baseUrl } from './http.ts';

/** How the browser takes or gives a value: as it is, or as a JSON string. */
export type Form = 'object' | 'JSON string';

export interface WebMcpFacts {
  /** The browser's version, for the log only: nothing depends on it. */
  version: string;
  /** How executeTool takes a tool's input. */
  input: Form;
  /** What the browser said when given the input in the other form ('' if it takes both). */
  otherInputRefused: string;
  /** How getTools gives a tool's `inputSchema`. */
  schema: Form;
  /** How executeTool resolves: to the tool's result as a JSON string, or to the result itself. */
  result: Form;
  /** The input a tool's `execute` receives, when executeTool is given an object's worth. */
  executeReceives: Form;
  /** Declarative tools: the browser lists forms with `toolname` (SubmitEvent has `agentInvoked`). */
  declarative: boolean;
  /** SubmitEvent.respondWith: a page can answer the agent that filled its form. */
  respondWith: boolean;
  /** The pseudo-classes :tool-form-active and :tool-submit-active match the form an agent filled and its submit button. */
  activePseudoClasses: boolean;
}

/** What the tests use of Chromium's document.modelContext (WebMCPTesting), in either form. */
export interface TestingModelContext {
  registerTool: (
    tool: { name: string; description: string; inputSchema: object; execute: (input: unknown) => unknown },
    options?: { signal?: AbortSignal },
  ) => Promise<undefined> | undefined;
  getTools: () => Promise<
    {
      name: string;
      title?: string;
      description: string;
      /** An object, or the same as a JSON string (WebMcpFacts.schema). */
      inputSchema: unknown;
      annotations?: Record<string, boolean>;
      /** The window that registered the tool: getTools lists those of other documents too. */
      window: Window;
    }[]
  >;
  executeTool: (tool: object, input: unknown) => Promise<unknown>;
}

const PROBE_PATH = '/__webmcp-probe';
const PROBE_SCHEMA = { type: 'object', properties: { probe: { type: 'number' } } };
const PROBE_INPUT = { probe: 1 };

/** What the probe page measured, before it is read as WebMcpFacts. */
interface Measured {
  schema: unknown;
  attempts: Record<Form, { ok: boolean; value?: unknown; error?: string; received?: unknown }>;
  declarative: boolean;
  respondWith: boolean;
  activePseudoClasses: boolean;
}

function measure(page: Page): Promise<Measured | undefined> {
  return page.evaluate(
    async ({ schema, input }) => {
      const modelContext = (document as unknown as { modelContext?: TestingModelContext }).modelContext;
      if (!modelContext) return undefined;
      let received: unknown;
      const registration = new AbortController();
      await modelContext.registerTool(
        {
          name: 'webmcp_probe',
          description: 'Returns its input (the WebMCP tests find out what this browser offers).',
          inputSchema: schema,
          execute: (given) => {
            received = given;
            return { echo: given };
          },
        },
        { signal: registration.signal },
      );
      const tool = (await modelContext.getTools()).find(
        (candidate) => candidate.name === 'webmcp_probe' && candidate.window === window,
      )!;
      const attempt = async (given: unknown) => {
        received = undefined;
        try {
          const value = await modelContext.executeTool(tool, given);
          return { ok: true, value, received };
        } catch (error) {
          return {
            ok: false,
            error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
            received,
          };
        }
      };
      const attempts = { object: await attempt(input), 'JSON string': await attempt(JSON.stringify(input)) };
      registration.abort();
      return {
        schema: tool.inputSchema,
        attempts,
        declarative: 'agentInvoked' in SubmitEvent.prototype,
        respondWith: 'respondWith' in SubmitEvent.prototype,
        activePseudoClasses: ['tool-form-active', 'tool-submit-active'].every((name) =>
          CSS.supports(`selector(:${name})`),
        ),
      };
    },
    { schema: PROBE_SCHEMA, input: PROBE_INPUT },
  );
}

/** The form a JSON value came in, and the value: a string is parsed (and must parse). */
function decode(value: unknown, what: string): { form: Form; value: unknown } {
  if (typeof value !== 'string') return { form: 'object', value };
  try {
    return { form: 'JSON string', value: JSON.parse(value) };
  } catch {
    throw new Error(`${what} is a string that is not JSON: ${value.slice(0, 200)}`);
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Reads what the probe page measured; throws, saying what the browser did, where it did nothing usable. */
function factsOf(measured: Measured, version: string): WebMcpFacts {
  const { attempts } = measured;
  const input: Form | undefined = attempts.object.ok
    ? 'object'
    : attempts['JSON string'].ok
      ? 'JSON string'
      : undefined;
  if (!input)
    throw new Error(
      `executeTool refused a tool's input both as an object (${attempts.object.error}) and as a JSON string (${attempts['JSON string'].error})`,
    );
  const other: Form = input === 'object' ? 'JSON string' : 'object';
  const { value: result, received } = attempts[input];
  const resolved = decode(result, 'What executeTool resolved to');
  if (!same(resolved.value, { echo: PROBE_INPUT }))
    throw new Error(
      `executeTool resolved to ${JSON.stringify(result)}, not the tool's result ${JSON.stringify({ echo: PROBE_INPUT })}`,
    );
  const executed = decode(received, "The input the tool's execute received");
  if (!same(executed.value, PROBE_INPUT))
    throw new Error(
      `The tool's execute received ${JSON.stringify(received)}, not the input ${JSON.stringify(PROBE_INPUT)}`,
    );
  const schema = decode(measured.schema, "getTools' inputSchema");
  if (!same(schema.value, PROBE_SCHEMA))
    throw new Error(
      `getTools gave the inputSchema ${JSON.stringify(measured.schema)}, not ${JSON.stringify(PROBE_SCHEMA)}`,
    );
  return {
    version,
    input,
    otherInputRefused: attempts[other].error ?? '',
    schema: schema.form,
    result: resolved.form,
    executeReceives: executed.form,
    declarative: measured.declarative,
    respondWith: measured.respondWith,
    activePseudoClasses: measured.activePseudoClasses,
  };
}

/** One line saying what `facts` found, for the log. */
export function describeFacts(facts: WebMcpFacts): string {
  const missing = [
    !facts.declarative && 'declarative form tools (SubmitEvent.agentInvoked)',
    !facts.respondWith && 'SubmitEvent.respondWith',
    !facts.activePseudoClasses && ':tool-form-active / :tool-submit-active',
  ].filter(Boolean);
  return (
    `Chromium ${facts.version}: executeTool takes the input as ${facts.input === 'object' ? 'an object' : 'a JSON string'}` +
    `${facts.otherInputRefused ? ` (the other form is refused: "${facts.otherInputRefused}")` : ' (and as the other form too)'}, ` +
    `resolves to the result as ${facts.result === 'object' ? 'an object' : 'a JSON string'}; ` +
    `getTools gives inputSchema as ${facts.schema === 'object' ? 'an object' : 'a JSON string'}; ` +
    `a tool's execute receives ${facts.executeReceives === 'object' ? 'an object' : 'a JSON string'}; ` +
    (missing.length
      ? `missing: ${missing.join(', ')}`
      : 'declarative forms, SubmitEvent.respondWith and :tool-form-active / :tool-submit-active present')
  );
}

const found = new WeakMap<Browser, Promise<WebMcpFacts>>();

/** What `browser` (started with WebMCPTesting) offers; measured once per browser, and logged. */
export function webMcpOf(browser: Browser): Promise<WebMcpFacts> {
  let facts = found.get(browser);
  if (!facts) {
    facts = (async () => {
      const context = await browser.newContext();
      try {
        await context.route(`${baseUrl()}${PROBE_PATH}`, (route) =>
          route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>WebMCP probe</title>' }),
        );
        const page = await context.newPage();
        await page.goto(`${baseUrl()}${PROBE_PATH}`);
        const measured = await measure(page);
        if (!measured)
          throw new Error(
            `Chromium ${browser.version()} has no document.modelContext (is --enable-features=WebMCPTesting on?)`,
          );
        const result = factsOf(measured, browser.version());
        console.log(`[webmcp] ${describeFacts(result)}`);
        return result;
      } finally {
        await context.close();
      }
    })();
    found.set(browser, facts);
  }
  return facts;
}

/** `input` in the form this browser's executeTool takes. */
export const inputFor = (facts: WebMcpFacts, input: object): object | string =>
  facts.input === 'JSON string' ? JSON.stringify(input) : input;

/** What executeTool resolved to, as a value (parsed where this browser gives JSON). */
export function resultOf(facts: WebMcpFacts, resolved: unknown): unknown {
  const { form, value } = decode(resolved, 'What executeTool resolved to');
  if (form !== facts.result)
    throw new Error(
      `executeTool resolved to ${form === 'object' ? 'a value' : 'a JSON string'} here, to ${facts.result} on the probe`,
    );
  return value;
}

/** A tool's inputSchema as an object, from the form this browser's getTools gives. */
export function schemaOf(facts: WebMcpFacts, schema: unknown): Record<string, unknown> {
  const { form, value } = decode(schema, "getTools' inputSchema");
  if (form !== facts.schema)
    throw new Error(`getTools gave an inputSchema as ${form} here, as ${facts.schema} on the probe`);
  return value as Record<string, unknown>;
}

/** Says in the test's output what this browser lacks or does its own way: a console line and a vitest annotation. */
export async function note(context: Pick<TestContext, 'annotate'>, message: string): Promise<void> {
  console.log(`[webmcp] ${message}`);
  await context.annotate(message, 'webmcp');
}
