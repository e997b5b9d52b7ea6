/** The one list of tools (src/mcp/tools/index.ts): what the build describes and the function loads. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CONTRACT_TOOLS } from '../../scripts/audit/checks/tools.ts';
import { describeTools } from '../../src/mcp/tools/describe.ts';
import { createTools, TOOLS } from '../../src/mcp/tools/index.ts';
import { sampleAgent } from './fixtures.ts';

const { head, artefacts, leadPath } = sampleAgent();

afterEach(() => vi.restoreAllMocks());

describe('TOOLS', () => {
  test("names each tool once, the contract's tools among them with the arguments it requires", () => {
    const names = TOOLS.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    const descriptors = new Map(describeTools(head).map((descriptor) => [descriptor.name, descriptor]));
    for (const [name, required] of Object.entries(CONTRACT_TOOLS)) {
      expect(names, `the contract's ${name}`).toContain(name);
      const properties = Object.keys(descriptors.get(name)!.inputSchema.properties ?? {});
      for (const argument of required) expect(properties, `${name}'s ${argument}`).toContain(argument);
    }
  });

  test("every tool's module loads and makes a spec of the tool's name", async () => {
    for (const { name, load } of TOOLS) expect((await load({ leadPath }))(head, { artefacts }).name).toBe(name);
  });

  test("start_conversation's module comes with the lead path: no tool module imports it", async () => {
    const lead = TOOLS.find((tool) => tool.name === 'start_conversation')!;
    const given = vi.fn(leadPath);
    await lead.load({ leadPath: given });
    expect(given).toHaveBeenCalledOnce();
    await expect(lead.load({})).rejects.toThrow('start_conversation comes with the lead path');
  });
});

describe('describeTools', () => {
  test('describes every tool on the list, in its order, as the head advertises them', () => {
    const descriptors = describeTools(head);
    expect(descriptors.map((descriptor) => descriptor.name)).toEqual(TOOLS.map((tool) => tool.name));
    expect(head.tools).toEqual(descriptors);
  });
});

describe('createTools', () => {
  test("pairs each of the head's descriptors with its tool and loads no module until a tool is called", async () => {
    const loads = TOOLS.map((tool) => vi.spyOn(tool, 'load'));
    const tools = createTools(head, { artefacts }, () => {});
    expect(tools.map((tool) => tool.descriptor)).toEqual(head.tools);
    for (const load of loads) expect(load).not.toHaveBeenCalled();

    const profile = tools.find((tool) => tool.descriptor.name === 'get_company_profile')!;
    const context = { now: () => new Date('2026-11-20T10:00:00.000Z') };
    await profile.call({}, context);
    await profile.call({ format: 'full' }, context);
    for (const [index, load] of loads.entries())
      expect(load).toHaveBeenCalledTimes(TOOLS[index]!.name === 'get_company_profile' ? 1 : 0);
  });

  test('a tool whose module cannot be loaded answers a tool error with the contact address, and tries again on the next call', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const tools = createTools(
      head,
      {
        artefacts,
        leadPath: () => (fail ? Promise.reject(new Error('lead-path.mjs is missing')) : leadPath()),
        onError: (error) => errors.push(error),
      },
      () => {},
    );
    const lead = tools.find((tool) => tool.descriptor.name === 'start_conversation')!;
    const args = { name: 'Ada', email: 'ada@example.com', message: 'Hello there, we need help.' };
    const context = { now: () => new Date('2026-11-20T10:00:00.000Z') };
    const failed = await lead.call(args, context);
    expect(failed.isError).toBe(true);
    expect(failed.content[0]!.text).toContain('nothing was done or sent');
    expect(failed.content[0]!.text).toContain(head.site.contactEmail);
    expect(errors).toHaveLength(1);
    fail = false;
    // Loaded now; without a lead pipeline it files nothing and says so (the tool's own answer).
    const second = await lead.call(args, context);
    expect(second.content[0]!.text).not.toContain('nothing was done or sent');
    expect(errors).toHaveLength(1);
  });

  test('refuses a head that advertises a tool not on the list', () => {
    const other = { ...head, tools: [{ ...head.tools[0]!, name: 'make_coffee' }] };
    expect(() => createTools(other, { artefacts }, () => {})).toThrow(
      'The head advertises a tool "make_coffee" this code does not have',
    );
  });
});
