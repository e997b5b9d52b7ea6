import { coldStarter, median, writeEmptyFunction } from './bench/cold-start.ts';
import path from 'node:path';
const dir = '/tmp/apizip';
const run = coldStarter('/tmp', { endpoint: 'https://www.northbeam.example/api/mcp', steps: [{ label: 'init', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }) }] });
const empty = writeEmptyFunction(path.join(dir, 'functions'));
const rows: Record<string, number[][]> = { empty: [], api: [] };
for (let i = 0; i < 21; i++) for (const [k, e] of [['empty', empty], ['api', path.join(dir, 'functions/api.mjs')]] as const) { const r = await run(e, dir); rows[k]!.push([r.wallMs, r.processMs, r.importMs, r.steps[0]!.ms]); }
for (const [k, list] of Object.entries(rows)) console.log(k, [0, 1, 2, 3].map((c) => median(list.map((x) => x[c]!)).toFixed(1)).join('  '), '(wall, process, import, 1st request)');
