/**
 * No personal data in logs: the server's error log lines (src/log.ts) say what failed and where,
 * never the message, which may quote a lead; and the API's default error reporting uses them.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createApiHandler } from '../src/http/api.ts';
import { createMemoryLeadStore } from '../src/leads/memory-store.ts';
import type { LeadStore } from '../src/leads/store.ts';
import { describeErrorForLog, logError } from '../src/log.ts';
import { createMcpHandler } from '../src/http/mcp-endpoint.ts';
import { callTool, mcpRequest, pipeline, sampleAgent, send } from './mcp/fixtures.ts';

const PERSONAL = {
  name: 'Ada Lovelace',
  email: 'ada.lovelace@example.com',
  message: 'Please call me about the analytical engine.',
};
const PERSONAL_WORDS = /Ada|Lovelace|ada\.lovelace|analytical/i;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('describeErrorForLog', () => {
  test("keeps the class name and the stack's frames, drops the message that quotes the input", () => {
    let thrown: unknown;
    try {
      JSON.parse(PERSONAL.name);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Error).message).toMatch(PERSONAL_WORDS);
    const line = describeErrorForLog(thrown);
    expect(line).toMatch(/^SyntaxError at /);
    expect(line).toContain('log.test.ts');
    expect(line).not.toMatch(PERSONAL_WORDS);
  });

  test('keeps a short error code, and describes causes the same way', () => {
    const cause = Object.assign(new Error(`connect to ${PERSONAL.email} failed`), { code: 'ECONNREFUSED' });
    const error = new TypeError(`could not store ${PERSONAL.name}`, { cause });
    const line = describeErrorForLog(error);
    expect(line).toMatch(/^TypeError at .*; caused by Error \(ECONNREFUSED\) at /);
    expect(line).not.toMatch(PERSONAL_WORDS);
  });

  test('a code or name that could carry data is left out; a thrown non-error is named by its type', () => {
    const error = Object.assign(new Error('x'), { code: `bad ${PERSONAL.email}`, name: `Name ${PERSONAL.name}` });
    expect(describeErrorForLog(error)).toMatch(/^Error at /);
    expect(describeErrorForLog(error)).not.toMatch(PERSONAL_WORDS);
    expect(describeErrorForLog(PERSONAL.email)).toBe('a thrown string');
    expect(describeErrorForLog(null)).toBe('a thrown null');
  });

  test('a message over several lines, one looking like a stack frame, stays out', () => {
    const error = new Error(`could not send\n    at ${PERSONAL.email} (${PERSONAL.name})`);
    const line = describeErrorForLog(error);
    expect(line).toMatch(/^Error at .*log\.test\.ts/);
    expect(line).not.toMatch(PERSONAL_WORDS);
  });

  test('logError writes one line: where, then the description', () => {
    const lines: string[] = [];
    logError('lead-retention: stopped', new RangeError(PERSONAL.message), (line) => lines.push(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^lead-retention: stopped: RangeError at /);
    expect(lines[0]).not.toMatch(PERSONAL_WORDS);
  });
});

describe('the API reports unexpected errors without personal data (default reporting)', () => {
  /** A store that fails with an error whose message quotes the lead, as a careless driver might. */
  function leakyStore(): LeadStore {
    const store = createMemoryLeadStore();
    return {
      ...store,
      claimDedupe: () =>
        Promise.reject(new Error(`cannot claim for ${PERSONAL.email} (${PERSONAL.name}): ${PERSONAL.message}`)),
    };
  }

  test('an unexpected error in the MCP handler: console.error gets a line without the lead', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = createMcpHandler({
      ...sampleAgent(),
      leads: pipeline({ store: createMemoryLeadStore() }),
      now: () => {
        throw new Error(`clock failed while filing ${PERSONAL.email}`);
      },
    });
    const answer = await send(handler, mcpRequest(callTool(1, 'start_conversation', PERSONAL)));
    expect(answer.status).toBe(500);
    expect(logged).toHaveBeenCalled();
    const output = logged.mock.calls.map((args) => args.map(String).join(' ')).join('\n');
    expect(output).toMatch(/mcp: unexpected error: Error at /);
    expect(output).not.toMatch(PERSONAL_WORDS);
  });

  test('a store failure under the contact form and start_conversation: a 503 / tool error, and nothing personal logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const written = vi.spyOn(console, 'log').mockImplementation(() => {});
    const api = createApiHandler({ ...sampleAgent(), leads: pipeline({ store: leakyStore() }) });
    const form = await api(
      new Request('http://localhost/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...PERSONAL, consent: true }),
      }),
      { clientIp: '192.0.2.1' },
    );
    expect(form.status).toBeGreaterThanOrEqual(500);
    const tool = await send(api, mcpRequest(callTool(2, 'start_conversation', PERSONAL)), '192.0.2.2');
    expect(tool.json.result.isError).toBe(true);
    const output = [...logged.mock.calls, ...written.mock.calls].map((args) => args.map(String).join(' ')).join('\n');
    expect(output).not.toMatch(PERSONAL_WORDS);
  });
});
