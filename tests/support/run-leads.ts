/**
 * Runs the operator commands as child processes, as an operator would: for the leads-cli tests,
 * the integration tests that find the leads they filed (`list --json`, `show --json`), and the
 * agents and content commands' tests.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Lead } from '../../src/leads/schema.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const script = path.join(root, 'scripts/leads.ts');

/**
 * How long one run may take before it is killed. A run takes about half a second on an idle
 * machine (Node 24 start-up and the store); one CI run stalled child processes for about
 * three minutes, so the bound is generous: it exists so a hung command fails with what it
 * printed instead of outliving its test.
 */
export const RUN_DEADLINE_MS = 60_000;

/**
 * The test timeout for files that run the command: a test runs it up to four times, each run
 * within RUN_DEADLINE_MS. Set with `vi.setConfig({ testTimeout: CLI_TEST_TIMEOUT_MS })`.
 */
export const CLI_TEST_TIMEOUT_MS = 4 * RUN_DEADLINE_MS + 10_000;

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node scripts/leads.ts …` without Netlify credentials or webhook settings unless given.
 * A run still going after RUN_DEADLINE_MS is killed and rejects with what it printed so far.
 */
export function runLeads(args: string[], env: Record<string, string> = {}, cwd: string = root): Promise<Run> {
  return runOperatorCommand(script, 'leads', args, env, cwd);
}

/** Runs `node scripts/agents.ts …` (the traffic record's command) the same way. */
export function runAgents(args: string[], env: Record<string, string> = {}, cwd: string = root): Promise<Run> {
  return runOperatorCommand(path.join(root, 'scripts/agents.ts'), 'agents', args, env, cwd);
}

/** Runs `node scripts/content.ts …` (the translations' command) the same way. */
export function runContent(args: string[], cwd: string = root): Promise<Run> {
  return runOperatorCommand(path.join(root, 'scripts/content.ts'), 'content', args, {}, cwd);
}

function runOperatorCommand(
  file: string,
  name: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
): Promise<Run> {
  const base = { ...process.env };
  for (const name of [
    'NETLIFY_SITE_ID',
    'NETLIFY_AUTH_TOKEN',
    'NETLIFY_BLOBS_CONTEXT',
    'LEADS_WEBHOOK_URL',
    'LEADS_WEBHOOK_SECRET',
  ])
    delete base[name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], {
      cwd,
      env: { ...base, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const deadline = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `${name} ${args.join(' ')} was still running after ${RUN_DEADLINE_MS / 1000} s and was killed; ` +
            `stdout: ${JSON.stringify(stdout.slice(0, 500))}; stderr: ${JSON.stringify(stderr.slice(0, 500))}`,
        ),
      );
    }, RUN_DEADLINE_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(deadline);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * `npm run leads -- list --json` against the local store of the project at `projectDir` (the
 * one `npm start` writes): every stored lead, newest first. Rejects, with what the command
 * printed, unless it exits 0 with a JSON array.
 */
export async function listStoredLeads(projectDir: string = root): Promise<Lead[]> {
  const run = await runLeads(['list', '--json', '--dir', projectDir], {}, projectDir);
  if (run.code !== 0) throw new Error(`leads list --json exited with ${run.code}: ${run.stderr}`);
  try {
    const leads: unknown = JSON.parse(run.stdout);
    if (!Array.isArray(leads)) throw new Error('not an array');
    return leads as Lead[];
  } catch (error) {
    throw new Error(`leads list --json printed no JSON array: ${run.stdout.slice(0, 500)}`, { cause: error });
  }
}
