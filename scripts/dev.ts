/**
 * `npm run dev`: a live preview for editing content/, Astro's dev server for this project at
 * http://localhost:$PORT (4321 by default), then a banner saying what it shows and what only
 * `npm start` has (scripts/dev/banner.ts). Pages, Markdown and discovery files are made from the
 * files on disk at each request (src/integrations/site-files.ts), so nothing is built first.
 *
 * It starts the server through Astro's JavaScript API (`dev()`) rather than the `astro dev`
 * command: the banner comes after Astro's own lines and names the port actually listened on, and
 * the command, when it finds an AI coding agent among its callers, moves itself into the
 * background and answers in JSON, which would leave an editor working with one (and the tests)
 * without the server they started. The port is strict: a busy port is an error, not another port.
 */
import { watch } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dev } from 'astro';
import { COMPANY_FILE, loadCompany } from '../src/model/company.ts';
import { languageListOf } from '../src/site/languages.ts';
import { devBanner } from './dev/banner.ts';
import { portOf } from './port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'Usage: npm run dev  (PORT=4323 npm run dev for another port than 4321)';

if (process.argv.length > 2) {
  const help = process.argv.slice(2).every((arg) => arg === '--help' || arg === '-h');
  (help ? console.log : console.error)(help ? USAGE : `npm run dev takes no arguments.\n${USAGE}`);
  process.exit(help ? 0 : 2);
}
const chosen = portOf(process.env.PORT, 4321, 'npm run dev');
if ('error' in chosen) {
  console.error(chosen.error);
  process.exit(2);
}
const port = chosen.port;

type DevServer = Awaited<ReturnType<typeof dev>>;

/**
 * What the server reads from content/company.yaml once, when it starts: the origin
 * (astro.config.mjs's `site`) and the languages whose folders src/content.config.ts gives the
 * loaders. Everything else in the file is read at each request. Undefined while the file is
 * invalid: the pages say what is wrong with it.
 */
function startupFacts(): string | undefined {
  try {
    const company = loadCompany(root);
    return JSON.stringify([company.baseUrl, languageListOf(company).codes]);
  } catch {
    return undefined;
  }
}

/** Resolves once a file under content/ has changed and then held still for a moment. */
function contentChange(): Promise<void> {
  return new Promise((resolve) => {
    let settle: NodeJS.Timeout | undefined;
    const watcher = watch(path.join(root, 'content'), { recursive: true }, () => {
      clearTimeout(settle);
      settle = setTimeout(() => {
        watcher.close();
        resolve();
      }, 300);
    });
  });
}

let server: DevServer | undefined;
let facts: string | undefined;

/**
 * Starts the server. Astro does not start while an entry is invalid (its content loader checks
 * every file first); the preview then says so, with Astro's message naming the file, and tries
 * again after the next change in content/, so an editor fixes the file without restarting.
 */
async function start(): Promise<DevServer> {
  for (let attempt = 1; ; attempt++) {
    facts = startupFacts();
    try {
      return await dev({ root, server: { port }, vite: { server: { strictPort: true } } });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/already in use/.test(message)) {
        console.error(`${message}. Another port: PORT=${port + 2} npm run dev`);
        process.exit(1);
      }
      // A failure that names nothing (measured once in a full test run on a busy machine: Astro's
      // content sync gave up with an empty message) is tried again at once, a second later.
      if (!message.trim() && attempt === 1) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      attempt = 0;
      console.error(
        `\n${message}\n\nThe preview cannot start until that is fixed; it tries again when a file in content/ changes (Ctrl+C to stop).\n`,
      );
      await contentChange();
    }
  }
}

/**
 * A change to those facts needs a new server. Astro restarts its server by itself when a file
 * its configuration names changes, but its content layer keeps watching through the server it
 * replaced: new entries would never appear. So the preview stops and starts the whole server,
 * as a person would, on the same port.
 */
let restarting = false;
async function restartOnNewFacts(running: DevServer): Promise<void> {
  const now = startupFacts();
  if (restarting || running !== server || now === undefined || now === facts) return;
  restarting = true;
  console.log(`\n${COMPANY_FILE} changed the languages or the baseUrl: restarting the preview…\n`);
  server = undefined;
  await running.stop();
  const restarted = await start();
  server = restarted;
  watchCompanyFile(restarted);
  console.log(`Preview restarted: http://localhost:${restarted.address.port}`);
  restarting = false;
  // A save made while the server restarted.
  await restartOnNewFacts(restarted);
}

function watchCompanyFile(running: DevServer): void {
  const file = path.join(root, COMPANY_FILE);
  running.watcher.on('all', (_event, changed) => {
    if (changed === file) void restartOnNewFacts(running);
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(0));
  });

// astro.config.mjs, src/content.config.ts and the site model read content/ from the working
// folder, as in `astro build`.
process.chdir(root);
server = await start();
watchCompanyFile(server);
console.log(devBanner(`http://localhost:${server.address.port}`));
