/**
 * `npm run bench:search-page`: the search page for people against search_site, for the same
 * queries, in one run.
 *
 * 1. The function's own work, in process, over this build's files (.generated/): the API handler
 *    answering GET /search?q=… (ranking, snippets, marking, the page around them) against
 *    POST /api/mcp tools/call search_site (ranking, snippets, JSON), each query once per round,
 *    alternating which goes first: p50 and p99 of each, and their ratio.
 * 2. Under `npm start` (netlify-cli, which loads the function afresh for every request): the
 *    time to the first byte of each, alternating, from a loopback address of its own per request
 *    (so the per-IP rate limit counts none of them against the other): median and p90, and the
 *    ratio of the medians.
 * Goals: the page's first byte within 1.5x of search_site's; its own work under 50 ms p99.
 * Run `npm run build` first for part 1 (part 2 builds itself, as npm start does).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { diskArtefacts } from '../src/artefacts/disk.ts';
import { createArtefactReader } from '../src/artefacts/reader.ts';
import type { Head } from '../src/artefacts/schema.ts';
import { buildStemmers } from '../src/build/search-analyzers.ts';
import { createApiHandler } from '../src/http/api.ts';
import { loadSources } from '../src/model/load-sources.ts';
import { buildSiteModel } from '../src/model/model.ts';
import type { SearchResources } from '../src/search/page-resources.ts';
import { percentile } from './bench/cold-start.ts';
import { fetchFrom, randomLoopbackAddress } from './bench/fetch-from.ts';
import { realisticQueries } from './bench/mcp-queries.ts';
import { ROOT } from './bench/projects.ts';
import { startServed } from './bench/serve.ts';

const QUERIES = 120;
const SERVED_QUERIES = 40;
const ROUNDS = 3;
const MCP_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'MCP-Protocol-Version': '2025-11-25',
};

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const ms = (value: number) => `${value.toFixed(2)} ms`;

function toolCall(query: string) {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'search_site', arguments: { query, limit: 20 } },
  });
}

type Timed = (query: string) => Promise<number>;

/** Times `query` on the page and on the tool, the page first when `pageFirst`, so machine noise spreads over both. */
async function timeBoth(query: string, pageFirst: boolean, page: Timed, tool: Timed, pages: number[], tools: number[]) {
  if (pageFirst) {
    pages.push(await page(query));
    tools.push(await tool(query));
  } else {
    tools.push(await tool(query));
    pages.push(await page(query));
  }
}

async function inProcess(queries: readonly string[]) {
  const generated = path.join(ROOT, '.generated');
  const head = JSON.parse(readFileSync(path.join(generated, 'agent-head.json'), 'utf8')) as Head;
  const resources = JSON.parse(readFileSync(path.join(generated, 'search-shell.json'), 'utf8')) as SearchResources;
  const api = createApiHandler({
    head,
    artefacts: createArtefactReader(diskArtefacts(pathToFileURL(`${path.join(generated, 'agent')}/`)), head),
    stemmers: buildStemmers,
    search: () => Promise.resolve(resources),
  });
  const base = head.site.baseUrl;
  const page = async (query: string) => {
    const started = performance.now();
    const response = await api(new Request(`${base}/search?q=${encodeURIComponent(query)}`), {
      clientIp: randomLoopbackAddress(),
    });
    const html = await response.text();
    if (response.status !== 200 || !html.includes('role="status"'))
      throw new Error(`/search answered ${response.status}`);
    return performance.now() - started;
  };
  const tool = async (query: string) => {
    const started = performance.now();
    const response = await api(
      new Request(`${base}/api/mcp`, { method: 'POST', headers: MCP_HEADERS, body: toolCall(query) }),
      { clientIp: randomLoopbackAddress() },
    );
    const text = await response.text();
    if (response.status !== 200 || !text.includes('"result"'))
      throw new Error(`search_site answered ${response.status}`);
    return performance.now() - started;
  };
  // Warm both (each language's index read once), then time.
  await page(queries[0]!);
  await tool(queries[0]!);
  const pages: number[] = [];
  const tools: number[] = [];
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, query] of queries.entries()) {
      // A fresh variant each round, so neither answer comes from its cache.
      const asked = `${query} ${'x'.repeat(round + 1)}`;
      await timeBoth(asked, (i + round) % 2 === 1, page, tool, pages, tools);
    }
  return { pages: sorted(pages), tools: sorted(tools) };
}

async function served(queries: readonly string[]) {
  const site = await startServed(ROOT);
  try {
    const firstByte = async (request: () => Promise<Response>) => {
      const started = performance.now();
      const response = await request();
      const elapsed = performance.now() - started;
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`answered ${response.status}`);
      return elapsed;
    };
    const page = (query: string) =>
      firstByte(() => fetchFrom(randomLoopbackAddress())(`${site.base}/search?q=${encodeURIComponent(query)}`));
    const tool = (query: string) =>
      firstByte(() =>
        fetchFrom(randomLoopbackAddress())(`${site.base}/api/mcp`, {
          method: 'POST',
          headers: MCP_HEADERS,
          body: toolCall(query),
        }),
      );
    await page(queries[0]!);
    await tool(queries[0]!);
    const pages: number[] = [];
    const tools: number[] = [];
    for (const [i, query] of queries.entries()) {
      await timeBoth(query, i % 2 === 1, page, tool, pages, tools);
    }
    return { pages: sorted(pages), tools: sorted(tools) };
  } finally {
    await site.stop();
  }
}

const model = buildSiteModel(loadSources(ROOT));
const queries = realisticQueries(model, QUERIES);
console.log(
  `Search page against search_site: ${QUERIES} queries x ${ROUNDS} rounds in process, ${SERVED_QUERIES} under npm start`,
);
const own = await inProcess(queries);
const ownRatio = percentile(own.pages, 99) / percentile(own.tools, 99);
console.log(
  `In process (the function's own work): page p50 ${ms(percentile(own.pages, 50))}, p99 ${ms(percentile(own.pages, 99))}; ` +
    `search_site p50 ${ms(percentile(own.tools, 50))}, p99 ${ms(percentile(own.tools, 99))}; p99 ratio ${ownRatio.toFixed(2)}x`,
);
const http = await served(queries.slice(0, SERVED_QUERIES));
const httpRatio = percentile(http.pages, 50) / percentile(http.tools, 50);
console.log(
  `Under npm start (first byte): page median ${ms(percentile(http.pages, 50))}, p90 ${ms(percentile(http.pages, 90))}; ` +
    `search_site median ${ms(percentile(http.tools, 50))}, p90 ${ms(percentile(http.tools, 90))}; ratio ${httpRatio.toFixed(2)}x`,
);
const goals = [
  [`first byte within 1.5x of search_site's (${httpRatio.toFixed(2)}x)`, httpRatio <= 1.5],
  [`the function's own work under 50 ms p99 (${ms(percentile(own.pages, 99))})`, percentile(own.pages, 99) < 50],
] as const;
for (const [goal, met] of goals) console.log(`  ${met ? 'met    ' : 'NOT met'} ${goal}`);
