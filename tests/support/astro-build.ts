/**
 * `astro build` of a project copy for the tests that build a fixture (partial-language,
 * japanese-site): the output kept, for what the build says; a failure rejects with its end.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './sample-site.ts';

export function astroBuildOutput(dir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`astro build exited with ${code}:\n${output.slice(-4000)}`)),
    );
  });
}
