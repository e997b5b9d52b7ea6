/** Runs the operator command as a child process, as an operator would, for the leads-cli tests. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const script = path.join(root, 'scripts/leads.ts');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node scripts/leads.ts …` without Netlify credentials or webhook settings unless given. */
export function runLeads(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const base = { ...process.env };
  for (const name of ['NETLIFY_SITE_ID', 'NETLIFY_AUTH_TOKEN', 'NETLIFY_BLOBS_CONTEXT', 'LEADS_WEBHOOK_URL', 'LEADS_WEBHOOK_SECRET']) delete base[name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
