/**
 * The template promise: a company that replaces content/ with its own tells nobody about the
 * sample company. A copy of this project whose content/ is a second, small company written for
 * this test (tests/fixtures/second-company: an architecture studio in Aberdeen, with its own
 * follow-up promise, reference prefix, offices and social links, and no logo file) is built and
 * served with `npm start`, as scale.test.ts does. Then every place a visitor, an agent or an
 * operator looks is searched for the sample company's traces, derived from the sample content
 * (tests/support/sample-traces.ts): every built file (dist/, .generated/, the function's own
 * files in its zip), every page and Markdown sibling and discovery file as served, every MCP
 * answer (tools, every resource, the prompts and completions), the contact form's JSON and HTML answers, the team notification the webhook receives,
 * and the operator command's output. The second company's own facts must be there instead.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { ENTRY_IN_ZIP, unzip } from '../../scripts/bench/function-zip.ts';
import { isPackageFile } from '../../src/build/admin-files.ts';
import { freePort } from '../../scripts/free-port.ts';
import { DISCOVERY_FILES } from '../../src/discovery/discovery-files.ts';
import { leadReferencePattern } from '../../src/lead-reference.ts';
import { WEB_MANIFEST } from '../../src/site/icons.ts';
import { ROUTES } from '../../src/site/routes.ts';
import { checkJsonLd, jsonLdScripts } from '../support/json-ld.ts';
import { describeFindings, findTraces, tracesAbsentFrom, type Finding, type Trace } from '../support/sample-traces.ts';
import { fetchFrom, MCP_HEADERS, randomLoopbackAddress, sleep } from './http.ts';
import { startSiteOfItsOwn, type SiteOfItsOwn } from './server.ts';

const root = inject('projectRoot');
const FIXTURE = path.join(root, 'tests/fixtures/second-company/content');
const SECOND = {
  name: 'Marram Studio',
  origin: 'https://www.marram-studio.example',
  prefix: 'MS',
  who: 'One of our two partners',
  how: 'in a personal e-mail',
  within: 'five working days',
  office: '14 Marischal Lane, AB10 1QX Aberdeen, Scotland',
  social: 'https://instagram.example/marramstudio',
};

let project: string;
let site: SiteOfItsOwn;
let receiver: Server;
let traces: Trace[];
/** What the webhook receiver was sent, as received. */
const notifications: string[] = [];
/** Requests from an address of this file's own, so the rate-limit budget other tests share is untouched. */
const fetchHere = fetchFrom(randomLoopbackAddress());
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  traces = tracesAbsentFrom(root, FIXTURE);
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      notifications.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  const webhookPort = await freePort();
  await new Promise<void>((resolve) => receiver.listen(webhookPort, '127.0.0.1', resolve));
  site = await startSiteOfItsOwn('template-test', {
    sampleContent: false,
    prepare: (copy) => {
      rmSync(path.join(copy, 'content'), { recursive: true, force: true });
      cpSync(FIXTURE, path.join(copy, 'content'), { recursive: true });
    },
    description: 'the second company (tests/fixtures/second-company)',
    webhookPort,
    env: { LEADS_WEBHOOK_SECRET: 'template-test-secret-0123' },
  });
  project = site.project;
}, 420_000);

afterAll(async () => {
  await site?.stop();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

/** Fails with every trace found, each with where and an excerpt. */
function expectNoTraces(findings: readonly Finding[]) {
  expect(describeFindings(findings)).toEqual([]);
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const scan = (files: readonly string[], base: string) =>
  files.flatMap((file) => findTraces(path.relative(base, file), readFileSync(file, 'latin1'), traces));

async function getText(pathname: string, init: RequestInit = {}): Promise<string> {
  const response = await fetchHere(`${site.baseUrl}${pathname}`, init);
  expect(response.status, pathname).toBe(200);
  return response.text();
}

let rpcId = 0;
async function mcp(method: string, params: Record<string, unknown> = {}) {
  const response = await fetchHere(`${site.baseUrl}${ROUTES.mcp}`, {
    method: 'POST',
    headers: MCP_HEADERS,
    body: JSON.stringify({ jsonrpc: '2.0', id: (rpcId += 1), method, params }),
  });
  expect(response.status, method).toBe(200);
  return { text: await response.clone().text(), body: (await response.json()) as { result: Record<string, unknown> } };
}

/** `npm run leads -- …` in the second company's project (its own scripts, its own store). */
function leadsCommand(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(project, 'scripts/leads.ts'), ...args], {
      cwd: project,
      env: { ...process.env, NETLIFY_SITE_ID: '', NETLIFY_AUTH_TOKEN: '', NETLIFY_BLOBS_CONTEXT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('a second company in content/', () => {
  test('the traces come from the sample content and cover its facts', () => {
    const sources = new Set(traces.map((trace) => trace.source.replace(/^content\/\S+\.mdx /, 'entry ')));
    for (const source of [
      'company.yaml name',
      'company.yaml contactEmail',
      'company.yaml domain',
      'company.yaml followUp.who',
      'company.yaml leads.referencePrefix',
      'content/logo.svg path',
      'entry title',
      'entry client',
    ])
      expect(sources, source).toContain(source);
  });

  test('no built file holds a trace: dist/, .generated/ and the function as zipped (its own files)', async () => {
    // The editor's package files in dist/admin/ are third-party code too, like node_modules below.
    const dist = path.join(project, 'dist');
    const built = [
      ...filesUnder(dist).filter((file) => !isPackageFile(`/${path.relative(dist, file)}`)),
      ...filesUnder(path.join(project, '.generated')),
    ];
    expect(built.map((file) => path.relative(project, file))).toContain('dist/admin/config.yml');
    expect(built.length).toBeGreaterThan(30);
    const unzipped = mkdtempSync(path.join(os.tmpdir(), 'template-zip-'));
    try {
      await unzip(path.join(project, '.netlify/functions/api.zip'), unzipped);
      // Packages (node_modules) are third-party code, not the site's; the entry and its artefacts are.
      const own = filesUnder(unzipped).filter((file) => !path.relative(unzipped, file).startsWith('node_modules'));
      expect(own.map((file) => path.relative(unzipped, file))).toContain(ENTRY_IN_ZIP);
      expectNoTraces([...scan(built, project), ...scan(own, unzipped)]);
    } finally {
      rmSync(unzipped, { recursive: true, force: true });
    }
  });

  test('no served page, Markdown sibling or discovery file holds a trace', async () => {
    const sitemap = await getText(ROUTES.sitemap);
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(pages).toContain('/services/retrofit');
    const findings: Finding[] = [];
    for (const page of pages) {
      findings.push(...findTraces(`${page} (HTML)`, await getText(page), traces));
      findings.push(
        ...findTraces(`${page} (Markdown)`, await getText(page, { headers: { Accept: 'text/markdown' } }), traces),
      );
    }
    const discovery = Object.values(DISCOVERY_FILES)
      .map((file) => file.path)
      .filter((file) => !file.startsWith(ROUTES.apiPrefix));
    const skills = JSON.parse(await getText(ROUTES.agentSkills)) as { skills: { url: string }[] };
    for (const file of [
      ...discovery,
      ...skills.skills.map((skill) => new URL(skill.url, site.baseUrl).pathname),
      ROUTES.favicon,
      WEB_MANIFEST.path,
    ])
      findings.push(...findTraces(file, await getText(file), traces));
    findings.push(
      ...findTraces('/no-such-page (404)', await (await fetchHere(`${site.baseUrl}/no-such-page`)).text(), traces),
    );
    expectNoTraces(findings);

    // The second company's own facts are there instead.
    const llms = await getText(ROUTES.llms);
    expect(llms).toMatch(new RegExp(`^# ${SECOND.name}\\n`));
    expect(llms).toContain(SECOND.office);
    expect(llms).toContain(SECOND.social);
    const home = await getText('/');
    expect(home).toContain(SECOND.office);
    expect(await getText('/services/retrofit')).toContain(
      `Tell us about it. ${SECOND.who} replies ${SECOND.how}, usually within ${SECOND.within}.`,
    );
    // No content/logo.svg: no mark in the header, the initials as the favicon.
    expect(home).not.toMatch(/<a class="brand"[^>]*>\s*<svg/);
    expect(await getText(ROUTES.favicon)).toContain(`>${SECOND.prefix}</text>`);
  });

  test("every page's JSON-LD describes the second company, from its content alone", async () => {
    const sitemap = await getText(ROUTES.sitemap);
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    for (const page of pages) {
      const scripts = jsonLdScripts(await getText(page));
      expect(scripts, page).toHaveLength(1);
      const { problems, nodes } = checkJsonLd(JSON.parse(scripts[0]!));
      expect(problems, page).toEqual([]);
      expect(nodes[0], page).toMatchObject({
        '@type': 'ProfessionalService',
        '@id': `${SECOND.origin}/#organization`,
        name: SECOND.name,
        sameAs: expect.arrayContaining([SECOND.social]),
      });
      for (const node of nodes) if (node['@id']) expect(node['@id'], page).toMatch(new RegExp(`^${SECOND.origin}/`));
    }
  });

  test('no MCP answer holds a trace; start_conversation promises what the second company does', async () => {
    const findings: Finding[] = [];
    const initialize = await mcp('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'template-test', version: '1.0.0' },
    });
    findings.push(...findTraces('initialize', initialize.text, traces));
    const list = await mcp('tools/list');
    findings.push(...findTraces('tools/list', list.text, traces));
    const tools = (list.body.result.tools as { name: string }[]).map((tool) => tool.name);
    const calls: Record<string, Record<string, unknown>> = {
      get_company_profile: {},
      search_site: { query: 'granite retrofit', limit: 5 },
      get_page_markdown: { path: '/case-studies/torry-primary' },
      list_case_studies: {},
      list_insights: {},
      start_conversation: {
        name: 'Ada Template',
        email: `ada-${run}@example.com`,
        company: 'Test Co',
        message: `A template test asks about a retrofit (${run}).`,
      },
    };
    expect(tools.sort()).toEqual(Object.keys(calls).sort());
    let started: Record<string, unknown> = {};
    for (const [name, args] of Object.entries(calls)) {
      const call = await mcp('tools/call', { name, arguments: args });
      expect(call.body.result.isError, `${name}: ${call.text.slice(0, 300)}`).toBeUndefined();
      findings.push(...findTraces(`tools/call ${name}`, call.text, traces));
      if (name === 'start_conversation') started = call.body.result.structuredContent as Record<string, unknown>;
    }
    expectNoTraces(findings);

    expect(started.reference).toMatch(leadReferencePattern(SECOND.prefix));
    expect(started.nextStep).toBe(
      `${SECOND.who} at ${SECOND.name} will read the request and reply ${SECOND.how} to ada-${run}@example.com.`,
    );
    expect(String((initialize.body.result as { instructions: string }).instructions)).toContain(
      `${SECOND.who.toLowerCase()} replies ${SECOND.how}`,
    );
  });

  test("no resource, prompt or completion holds a trace; the prompts speak of the second company's content", async () => {
    const findings: Finding[] = [];
    const answers: [string, { text: string; body: { result: Record<string, unknown> } }][] = [];
    const ask = async (label: string, method: string, params: Record<string, unknown> = {}) => {
      const answer = await mcp(method, params);
      expect(answer.body.result, `${label}: ${answer.text.slice(0, 300)}`).toBeDefined();
      answers.push([label, answer]);
      return answer.body.result;
    };
    const listed = (await ask('resources/list', 'resources/list')).resources as { uri: string }[];
    expect(listed.length).toBeGreaterThan(0);
    for (const resource of listed) {
      expect(resource.uri.startsWith(`${SECOND.origin}/`), resource.uri).toBe(true);
      await ask(`resources/read ${resource.uri}`, 'resources/read', { uri: resource.uri });
    }
    const [template] = (await ask('resources/templates/list', 'resources/templates/list')).resourceTemplates as {
      uriTemplate: string;
    }[];
    await ask('completion of the page path', 'completion/complete', {
      ref: { type: 'ref/resource', uri: template!.uriTemplate },
      argument: { name: 'path', value: '' },
    });
    await ask('prompts/list', 'prompts/list');
    const topics = (
      (
        await ask('completion of relevant_work', 'completion/complete', {
          ref: { type: 'ref/prompt', name: 'relevant_work' },
          argument: { name: 'topic', value: '' },
        })
      ).completion as { values: string[] }
    ).values;
    expect(topics.length).toBeGreaterThan(0);
    await ask('prompts/get company_brief', 'prompts/get', { name: 'company_brief' });
    for (const topic of topics)
      await ask(`prompts/get relevant_work ${topic}`, 'prompts/get', { name: 'relevant_work', arguments: { topic } });
    const contact = await ask('prompts/get contact_request', 'prompts/get', { name: 'contact_request' });
    expect(JSON.stringify(contact)).toContain(SECOND.name);
    for (const [label, answer] of answers) findings.push(...findTraces(label, answer.text, traces));
    expectNoTraces(findings);
  });

  test("the contact form's JSON and HTML answers hold no trace, and carry the second company's prefix and promise", async () => {
    const post = (contentType: string, body: string) =>
      fetchHere(`${site.baseUrl}${ROUTES.contactApi}`, {
        method: 'POST',
        headers: { 'Content-Type': contentType },
        body,
      });
    const fields = { name: 'Grace Template', company: 'Test Co', consent: 'yes' };
    const json = await post(
      'application/json',
      JSON.stringify({
        ...fields,
        email: `grace-${run}@example.com`,
        message: `JSON form post of the template test (${run}).`,
      }),
    );
    expect(json.status).toBe(200);
    const jsonText = await json.text();
    const html = await post(
      'application/x-www-form-urlencoded',
      new URLSearchParams({
        ...fields,
        email: `hopper-${run}@example.com`,
        message: `HTML form post (${run}).`,
      }).toString(),
    );
    expect(html.status).toBe(200);
    const htmlText = await html.text();
    const invalid = await post('application/x-www-form-urlencoded', new URLSearchParams({ name: 'x' }).toString());
    expect(invalid.status).toBe(400);
    expectNoTraces([
      ...findTraces('POST /api/contact (JSON)', jsonText, traces),
      ...findTraces('POST /api/contact (form, 200)', htmlText, traces),
      ...findTraces('POST /api/contact (form, 400)', await invalid.text(), traces),
    ]);

    const answer = JSON.parse(jsonText) as { reference: string; message: string };
    expect(answer.reference).toMatch(leadReferencePattern(SECOND.prefix));
    expect(answer.message).toContain(`${SECOND.who} will reply ${SECOND.how}.`);
    expect(htmlText).toMatch(new RegExp(`${SECOND.prefix}-[0-9A-Z]{4}-[0-9A-Z]{4}`));
    expect(htmlText).toContain(`reads your request and replies ${SECOND.how}, usually within ${SECOND.within}`);
  });

  test('the team notification holds no trace', async () => {
    // The form posts and start_conversation above each filed a lead; the function notifies after answering.
    const started = Date.now();
    while (notifications.filter((body) => body.includes(run)).length < 3 && Date.now() - started < 30_000)
      await sleep(250);
    const ours = notifications.filter((body) => body.includes(run));
    expect(ours).toHaveLength(3);
    expectNoTraces(ours.flatMap((body, i) => findTraces(`notification ${i + 1}`, body, traces)));
    for (const body of ours)
      expect((JSON.parse(body) as { reference: string }).reference).toMatch(leadReferencePattern(SECOND.prefix));
  });

  test("the operator command's output holds no trace", async () => {
    const list = await leadsCommand(['list']);
    expect(list.code, list.output).toBe(0);
    const reference = list.output.match(new RegExp(`\\b${SECOND.prefix}-[0-9A-Z]{4}-[0-9A-Z]{4}\\b`))?.[0];
    expect(reference, list.output).toBeDefined();
    const show = await leadsCommand(['show', reference!]);
    expect(show.code, show.output).toBe(0);
    const help = await leadsCommand(['help']);
    const wrong = await leadsCommand(['show']);
    expect(wrong.code).toBe(2);
    expectNoTraces([
      ...findTraces('leads list', list.output, traces),
      ...findTraces('leads show', show.output, traces),
      ...findTraces('leads help', help.output, traces),
      ...findTraces('leads show (no reference)', wrong.output, traces),
    ]);
    expect(help.output).toContain(`e.g. show ${SECOND.prefix}-7K3M-Q9XD`);
  });
});
