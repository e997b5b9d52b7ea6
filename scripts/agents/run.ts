/**
 * `npm run agents`: the traffic record's operator command, separate from the process so it can
 * be driven in-process. stdout carries what was asked for (the report, its JSON); stderr usage,
 * progress and failures. The record holds no personal data, so nothing here needs hiding.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { loadCompany } from '../../src/model/company.ts';
import { dayOf } from '../../src/traffic/model.ts';
import { trafficReport } from '../../src/traffic/report.ts';
import { pruneTraffic } from '../../src/traffic/retention.ts';
import {
  blobsTrafficStore,
  readPart,
  readParts,
  TRAFFIC_STORE_NAME,
  type TrafficStore,
} from '../../src/traffic/store.ts';
import { openBlobsAccess, localSiteDirectory, type BlobsAccess } from '../leads/target.ts';
import { terminalSafe } from '../leads/format.ts';
import { parseCommandLine, RANGES, usage } from './args.ts';
import { formatReport } from './format.ts';
import { reportHtml } from './html.ts';

export interface AgentsIo {
  env: Record<string, string | undefined>;
  defaultProjectDir: string;
  stdout(text: string): void;
  stderr(text: string): void;
  /** The clock (tests pass one). */
  now?: () => Date;
}

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/**
 * The local store read from its folder: netlify-cli's Blobs server keeps each object as a file
 * named by its key, holding the value as written, and under `npm start` every request is a part
 * of its own, so a report reads thousands of them; reading the files takes milliseconds where the
 * server's API takes a request each (and its listing can end early while the site writes:
 * docs/architecture.md). Deleting still goes through the server. Names starting with a dot are
 * its temporary files.
 */
function localTrafficStore(store: TrafficStore, directory: string): TrafficStore {
  return {
    ...store,
    keys: async () => (await readdir(directory).catch(() => [] as string[])).filter((name) => !name.startsWith('.')),
    read: async (key) => {
      const text = await readFile(path.join(directory, key), 'utf8').catch(() => undefined);
      if (text === undefined) return undefined;
      try {
        return readPart(JSON.parse(text));
      } catch {
        return undefined;
      }
    },
  };
}

function openStore(access: BlobsAccess, projectDir: string | undefined): TrafficStore | undefined {
  if (!access.credentials) return undefined;
  const store = blobsTrafficStore(getStore({ name: TRAFFIC_STORE_NAME, consistency: 'strong', ...access.credentials }));
  return projectDir
    ? localTrafficStore(store, path.join(localSiteDirectory(projectDir), `site:${TRAFFIC_STORE_NAME}`))
    : store;
}

function describeFailure(error: unknown, access: BlobsAccess): string {
  const detail = terminalSafe(error instanceof Error ? error.message : String(error));
  const hint =
    access.kind === 'deployed'
      ? 'Check NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN (docs/deploy.md, "Reading leads"), and that this machine reaches api.netlify.com.'
      : 'Check that the project directory is right and readable.';
  return `npm run agents: could not read the ${access.label}: ${detail.slice(0, 400)}\n${hint}\n`;
}

export async function runAgents(argv: readonly string[], io: AgentsIo): Promise<number> {
  const parsed = parseCommandLine(argv, io.env, io.defaultProjectDir);
  if ('help' in parsed) {
    io.stdout(`${usage}\n`);
    return EXIT.ok;
  }
  if ('usageError' in parsed) {
    io.stderr(`npm run agents: ${parsed.usageError}\n\n${usage}\n`);
    return EXIT.usage;
  }
  const now = (io.now ?? (() => new Date()))();
  let access: BlobsAccess;
  try {
    access = await openBlobsAccess(parsed.target);
  } catch (error) {
    io.stderr(`npm run agents: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.failed;
  }
  try {
    const store = openStore(access, parsed.target.kind === 'local' ? parsed.target.projectDir : undefined);
    if (parsed.command === 'prune') {
      const days =
        parsed.days ??
        loadCompany(parsed.target.kind === 'local' ? parsed.target.projectDir : io.defaultProjectDir).traffic
          .retentionDays;
      const result = store ? await pruneTraffic(store, now, days, !parsed.yes) : { days: [], parts: 0 };
      if (parsed.json) io.stdout(`${JSON.stringify({ ...result, deleted: parsed.yes, retentionDays: days })}\n`);
      else if (result.parts === 0) io.stdout(`Nothing older than ${days} days in the ${access.label}.\n`);
      else
        io.stdout(
          `${parsed.yes ? 'Deleted' : 'Would delete'} ${result.parts} part(s) of ${result.days.length} day(s) ` +
            `(${result.days[0]} to ${result.days.at(-1)}), older than ${days} days.` +
            `${parsed.yes ? '' : ' Run again with --yes to delete them.'}\n`,
        );
      return EXIT.ok;
    }

    const to = dayOf(now);
    const from = dayOf(new Date(now.getTime() - (RANGES[parsed.since] - 1) * 86_400_000));
    io.stderr(`Reading the traffic record (${from} to ${to}) from the ${access.label}…\n`);
    const parts = store ? await readParts(store, from, to) : [];
    const report = trafficReport(parts, from, to);
    if (parsed.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    else if (parsed.html) {
      const company = loadCompany(parsed.target.kind === 'local' ? parsed.target.projectDir : io.defaultProjectDir);
      await writeFile(parsed.html, reportHtml(report, { site: company.name, generatedAt: now.toISOString() }));
      io.stderr(`Wrote the report to ${parsed.html} (open it in a browser; it needs no network).\n`);
    } else io.stdout(formatReport(report));
    if (!store)
      io.stderr(
        'No traffic recorded locally yet: start the site with npm start and use it (pages, Markdown, MCP); counts are written after each answer.\n',
      );
    return EXIT.ok;
  } catch (error) {
    io.stderr(describeFailure(error, access));
    return EXIT.failed;
  } finally {
    await access.close();
  }
}
